// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseRuntimeConfig, setRuntimeConfig } from '@/lib/runtime-config';
import { useInfiniteScroll } from './use-infinite-scroll';

/** Records every observer the hook makes, with its options, and lets the test report the marker visible. */
function stubIntersectionObserver() {
  const observers: { rootMargin: string | undefined; show: () => void }[] = [];
  class FakeObserver {
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      observers.push({
        rootMargin: options?.rootMargin,
        show: () => {
          callback(
            [{ isIntersecting: true } as IntersectionObserverEntry],
            this as unknown as IntersectionObserver,
          );
        },
      });
    }
    observe() {}
    disconnect() {}
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return observers;
}

function List({ list, fetchNextPage }: { list?: 'feed' | 'list'; fetchNextPage: () => Promise<unknown> }) {
  const endRef = useInfiniteScroll({ hasNextPage: true, isFetching: false, fetchNextPage, list });
  return <div ref={endRef} />;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setRuntimeConfig(parseRuntimeConfig(undefined));
});

describe('useInfiniteScroll thresholds (runtime configuration `infiniteScroll`)', () => {
  it('defaults to the spec’s 500 px for the home feed and 800 px for the other lists', () => {
    setRuntimeConfig(parseRuntimeConfig(undefined));
    const observers = stubIntersectionObserver();
    render(
      <>
        <List list="feed" fetchNextPage={() => Promise.resolve()} />
        <List fetchNextPage={() => Promise.resolve()} />
      </>,
    );
    expect(observers.map((observer) => observer.rootMargin)).toEqual([
      '0px 0px 500px 0px',
      '0px 0px 800px 0px',
    ]);
  });

  it('uses the configured distance of its list, and loads the next page when the marker comes within it', async () => {
    setRuntimeConfig({ ...parseRuntimeConfig(undefined), infiniteScroll: { feedPx: 120, listPx: 1_500 } });
    const observers = stubIntersectionObserver();
    const fetchNextPage = vi.fn(() => Promise.resolve());
    render(
      <>
        <List list="feed" fetchNextPage={fetchNextPage} />
        <List list="list" fetchNextPage={() => Promise.resolve()} />
      </>,
    );
    expect(observers.map((observer) => observer.rootMargin)).toEqual([
      '0px 0px 120px 0px',
      '0px 0px 1500px 0px',
    ]);
    await act(async () => {
      observers[0]!.show();
      await Promise.resolve();
    });
    expect(fetchNextPage).toHaveBeenCalledOnce();
  });

  it('reads the values the server sends, and falls back on ones out of range', () => {
    expect(parseRuntimeConfig({ infiniteScroll: { feedPx: 300, listPx: 900 } }).infiniteScroll).toEqual({
      feedPx: 300,
      listPx: 900,
    });
    expect(parseRuntimeConfig({ infiniteScroll: { feedPx: -1, listPx: '800' } }).infiniteScroll).toEqual({
      feedPx: 500,
      listPx: 800,
    });
    expect(parseRuntimeConfig({ ads: { autoRefresh: true, refreshIntervalMs: 12 } }).ads).toEqual({
      autoRefresh: true,
      refreshIntervalMs: 30_000,
    });
  });
});

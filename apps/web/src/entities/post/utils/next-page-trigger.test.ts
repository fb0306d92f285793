import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NextPageTrigger } from './next-page-trigger';
import { createScrollGate } from './scroll-gate';

describe('createScrollGate', () => {
  it('stays closed for the lock time after a load', () => {
    const gate = createScrollGate(1000);
    expect(gate.isOpen(0)).toBe(true);
    gate.lock(5000);
    expect(gate.isOpen(5999)).toBe(false);
    expect(gate.remaining(5400)).toBe(600);
    expect(gate.isOpen(6000)).toBe(true);
  });
});

describe('NextPageTrigger', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const setup = () => {
    const fetchNextPage = vi.fn(() => Promise.resolve());
    const trigger = new NextPageTrigger(1000);
    trigger.update({ hasNextPage: true, isFetching: false, enabled: true, fetchNextPage });
    return { trigger, fetchNextPage };
  };

  it('loads the next page when the end marker becomes visible', () => {
    const { trigger, fetchNextPage } = setup();
    expect(fetchNextPage).not.toHaveBeenCalled();
    trigger.setVisible(true);
    expect(fetchNextPage).toHaveBeenCalledTimes(1);
  });

  it('waits one second after a load before loading again while the marker stays visible', async () => {
    const { trigger, fetchNextPage } = setup();
    trigger.setVisible(true);
    await vi.advanceTimersByTimeAsync(0);
    trigger.setVisible(true);
    await vi.advanceTimersByTimeAsync(999);
    expect(fetchNextPage).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchNextPage).toHaveBeenCalledTimes(2);
  });

  it('does nothing without a next page, while fetching, or once the marker left the screen', async () => {
    const { trigger, fetchNextPage } = setup();
    trigger.update({ hasNextPage: false, isFetching: false, enabled: true, fetchNextPage });
    trigger.setVisible(true);
    trigger.update({ hasNextPage: true, isFetching: true, enabled: true, fetchNextPage });
    expect(fetchNextPage).not.toHaveBeenCalled();
    trigger.update({ hasNextPage: true, isFetching: false, enabled: true, fetchNextPage });
    expect(fetchNextPage).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(0);
    trigger.setVisible(false);
    await vi.advanceTimersByTimeAsync(5000);
    expect(fetchNextPage).toHaveBeenCalledTimes(1);
  });

  it('never starts a second load while one is under way', () => {
    let finish: () => void = () => undefined;
    const fetchNextPage = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    const trigger = new NextPageTrigger(1000);
    trigger.update({ hasNextPage: true, isFetching: false, enabled: true, fetchNextPage });
    trigger.setVisible(true);
    trigger.setVisible(true);
    trigger.update({ hasNextPage: true, isFetching: false, enabled: true, fetchNextPage });
    expect(fetchNextPage).toHaveBeenCalledTimes(1);
    finish();
  });
});

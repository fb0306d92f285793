// @vitest-environment jsdom
import type { RuntimeConfig } from '@ray/shared/schemas/config';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseRuntimeConfig, setRuntimeConfig } from '@/lib/runtime-config';
import { createTestQueryClient, jsonResponse } from '@/test/hook-harness';
import { AdSlot } from './ad-slot';

/** A fake API that answers at once: the ads of a placement, and 204 for impressions. */
function stubAdsApi(adId: number) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(
        typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
        'http://localhost',
      );
      calls.push(`${init?.method ?? 'GET'} ${url.pathname}`);
      if (url.pathname === '/api/ads')
        return Promise.resolve(
          jsonResponse(200, [
            { id: adId, title: `إعلان ${adId}`, description: '', imageUrl: null, targetUrl: '/trends' },
          ]),
        );
      return Promise.resolve(new Response(null, { status: 204 }));
    }),
  );
  return {
    adFetches: () => calls.filter((call) => call === 'GET /api/ads').length,
    impressions: () => calls.filter((call) => call === `POST /api/ads/${adId}/impression`).length,
  };
}

function configure(ads: RuntimeConfig['ads']) {
  setRuntimeConfig({ ...parseRuntimeConfig(undefined), ads });
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

function renderSlot(page: string) {
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <MemoryRouter initialEntries={[page]}>
        <AdSlot placement="Sidebar" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setRuntimeConfig(parseRuntimeConfig(undefined));
});

describe('AdSlot auto-refresh (runtime configuration `ads`)', () => {
  it('is off by default: one fetch, however long the page stays open', async () => {
    expect(parseRuntimeConfig(undefined).ads).toEqual({ autoRefresh: false, refreshIntervalMs: 30_000 });
    setRuntimeConfig(parseRuntimeConfig(undefined));
    const api = stubAdsApi(31);
    renderSlot('/trends');
    await advance(0);
    expect(screen.getByText('إعلان 31')).toBeTruthy();
    await advance(95_000);
    expect(api.adFetches()).toBe(1);
    expect(api.impressions()).toBe(1);
  });

  it('when on, fetches the ads again every 30 s and still counts the shown ad once', async () => {
    configure({ autoRefresh: true, refreshIntervalMs: 30_000 });
    const api = stubAdsApi(32);
    renderSlot('/search');
    await advance(0);
    expect(api.adFetches()).toBe(1);
    await advance(600);
    expect(api.impressions()).toBe(1);

    await advance(29_000);
    expect(api.adFetches()).toBe(1);
    await advance(500);
    expect(api.adFetches()).toBe(2);
    await advance(30_000);
    expect(api.adFetches()).toBe(3);
    expect(screen.getByText('إعلان 32')).toBeTruthy();
    expect(api.impressions()).toBe(1);
  });

  it('follows the configured interval', async () => {
    configure({ autoRefresh: true, refreshIntervalMs: 10_000 });
    const api = stubAdsApi(33);
    renderSlot('/faq');
    await advance(0);
    await advance(10_100);
    expect(api.adFetches()).toBe(2);
  });
});

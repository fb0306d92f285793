// @vitest-environment jsdom
import type { RuntimeConfig } from '@ray/shared/schemas/config';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseRuntimeConfig, setRuntimeConfig } from '@/lib/runtime-config';
import { createTestQueryClient, jsonResponse } from '@/test/hook-harness';
import { AdSlot } from './ad-slot';

/** A fake API that answers at once: a page view's plan with one sidebar ad, and 204 for impressions. */
function stubAdsApi(adId: number, targetUrl = '/trends') {
  const calls: URL[] = [];
  const methods: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(
        typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
        'http://localhost',
      );
      calls.push(url);
      methods.push(init?.method ?? 'GET');
      if (url.pathname === '/api/ads/plan')
        return Promise.resolve(
          jsonResponse(200, {
            slots: [
              {
                placement: 'Sidebar',
                turn: 4,
                ad: { id: adId, title: `إعلان ${adId}`, description: '', imageUrl: null, targetUrl },
              },
            ],
          }),
        );
      return Promise.resolve(new Response(null, { status: 204 }));
    }),
  );
  const named = (method: string, path: string) =>
    calls.filter((url, index) => methods[index] === method && url.pathname === path);
  return {
    planFetches: () => named('GET', '/api/ads/plan').length,
    plans: () => named('GET', '/api/ads/plan'),
    impressions: () => named('POST', `/api/ads/${adId}/impression`).length,
  };
}

/** The wide layout, where the sidebar's ad is the page's only one. */
function stubWideLayout() {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: true,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    })),
  );
}

function configure(ads: RuntimeConfig['ads']) {
  setRuntimeConfig({ ...parseRuntimeConfig(undefined), ads });
}

async function advance(ms: number) {
  // The slot's filling code loads on demand.
  await act(async () => {
    await vi.dynamicImportSettled();
  });
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
  stubWideLayout();
  localStorage.clear();
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
    expect(api.planFetches()).toBe(1);
    expect(api.impressions()).toBe(1);
  });

  it('when on, fetches the ads again every 30 s and still counts the shown ad once', async () => {
    configure({ autoRefresh: true, refreshIntervalMs: 30_000 });
    const api = stubAdsApi(32);
    renderSlot('/search');
    await advance(0);
    expect(api.planFetches()).toBe(1);
    await advance(600);
    expect(api.impressions()).toBe(1);

    await advance(29_000);
    expect(api.planFetches()).toBe(1);
    await advance(500);
    expect(api.planFetches()).toBe(2);
    await advance(30_000);
    expect(api.planFetches()).toBe(3);
    expect(screen.getByText('إعلان 32')).toBeTruthy();
    expect(api.impressions()).toBe(1);
  });

  it('follows the configured interval', async () => {
    configure({ autoRefresh: true, refreshIntervalMs: 10_000 });
    const api = stubAdsApi(33);
    renderSlot('/faq');
    await advance(0);
    await advance(10_100);
    expect(api.planFetches()).toBe(2);
  });
});

describe('AdSlot links and rotation', () => {
  it("is a real link to the ad's click address, opening another site in a new tab", async () => {
    setRuntimeConfig(parseRuntimeConfig(undefined));
    stubAdsApi(41, 'https://example.com/offer');
    renderSlot('/trends');
    await advance(0);
    const link = screen.getByRole('link');
    expect(link.getAttribute('href')).toBe('/api/ads/41/click?placement=Sidebar&page=%2Ftrends');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('sponsored noopener');
  });

  it('asks for the next plan after the ad this reader saw last', async () => {
    setRuntimeConfig(parseRuntimeConfig(undefined));
    const api = stubAdsApi(42);
    renderSlot('/trends');
    await advance(0);
    expect(api.plans()[0]!.searchParams.get('placements')).toBe('Sidebar');
    expect(api.plans()[0]!.searchParams.has('after')).toBe(false);
    cleanup();
    renderSlot('/faq');
    await advance(0);
    expect(api.plans()[1]!.searchParams.get('after')).toBe('Sidebar.4.42');
  });
});

import { queryOptions } from '@tanstack/react-query';
import { AD_IMPRESSION_DELAY_MS, type AdPlacement } from '@ray/shared/constants';
import type { Ad } from '@ray/shared/schemas/ad';
import { api } from '@/lib/api-client';

export const adKeys = {
  all: ['ads'] as const,
  placement: (placement: AdPlacement) => ['ads', placement] as const,
};

/** Ad failures are silent (spec section 7): an empty list leaves the placeholder. */
export const adsQueryOptions = (placement: AdPlacement) =>
  queryOptions({
    queryKey: adKeys.placement(placement),
    queryFn: async ({ signal }) => {
      try {
        return await api.get<Ad[]>('/api/ads', { query: { placement }, signal, auth: false });
      } catch {
        return [];
      }
    },
    retry: false,
    meta: { keepOnSignOut: true },
  });

const VISITOR_KEY = 'adVisitorKey';

/** A random key per browser so the server counts a visitor's impression once per ad, placement and page. */
function visitorKey(): string {
  try {
    let key = localStorage.getItem(VISITOR_KEY);
    if (!key) {
      key = Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) =>
        b.toString(16).padStart(2, '0'),
      ).join('');
      localStorage.setItem(VISITOR_KEY, key);
    }
    return key;
  } catch {
    return 'no-storage-visitor';
  }
}

const seen = new Set<string>();

/** Records an impression 500 ms after the ad shows, once per ad, placement and page; cancel if it leaves sooner. */
export function scheduleImpression(ad: Ad, placement: AdPlacement, page: string): () => void {
  const key = `${ad.id}|${placement}|${page}`;
  if (seen.has(key)) return () => undefined;
  const timer = setTimeout(() => {
    seen.add(key);
    api
      .post(
        `/api/ads/${ad.id}/impression`,
        { placement, pageUrl: page, visitorKey: visitorKey() },
        { auth: false },
      )
      .catch(() => undefined);
  }, AD_IMPRESSION_DELAY_MS);
  return () => {
    clearTimeout(timer);
  };
}

/** Counts the click; the server answers the ad's stored target, the only place the browser is sent. */
export async function recordClick(ad: Ad, page: string): Promise<string> {
  try {
    return (
      await api.post<{ targetUrl: string }>(`/api/ads/${ad.id}/click`, { referrerUrl: page }, { auth: false })
    ).targetUrl;
  } catch {
    return ad.targetUrl;
  }
}

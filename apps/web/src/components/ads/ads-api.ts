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

/**
 * Ad events identify nobody by themselves: the server counts a signed-in user by the access token and a visitor
 * by the id it keeps in its own signed, HttpOnly cookie. A failed refresh of the session never leaves the page.
 */
const eventOptions = { redirectOnAuthFailure: false } as const;

let visitorReady: Promise<unknown> | null = null;

/**
 * Sends an ad event. The page's first one brings the visitor cookie back; the others wait for it, so that the
 * ads of a first visit share one visitor id instead of each getting its own.
 */
function sendEvent<T>(path: string, body: Record<string, unknown>): Promise<T> {
  if (visitorReady) return visitorReady.then(() => api.post<T>(path, body, eventOptions));
  const sent = api.post<T>(path, body, eventOptions);
  visitorReady = sent.catch(() => undefined);
  return sent;
}

const seen = new Set<string>();

/** Records an impression 500 ms after the ad shows, once per ad, placement and page; cancel if it leaves sooner. */
export function scheduleImpression(ad: Ad, placement: AdPlacement, page: string): () => void {
  const key = `${ad.id}|${placement}|${page}`;
  if (seen.has(key)) return () => undefined;
  const timer = setTimeout(() => {
    seen.add(key);
    sendEvent(`/api/ads/${ad.id}/impression`, { placement, pageUrl: page }).catch(() => undefined);
  }, AD_IMPRESSION_DELAY_MS);
  return () => {
    clearTimeout(timer);
  };
}

/** Counts the click; the server answers the ad's stored target, the only place the browser is sent. */
export async function recordClick(ad: Ad, placement: AdPlacement, page: string): Promise<string> {
  try {
    return (
      await sendEvent<{ targetUrl: string }>(`/api/ads/${ad.id}/click`, { referrerUrl: page, placement })
    ).targetUrl;
  } catch {
    return ad.targetUrl;
  }
}

import { queryOptions } from '@tanstack/react-query';
import { AD_IMPRESSION_DELAY_MS, type AdPlacement } from '@ray/shared/constants';
import type { Ad, AdPlan } from '@ray/shared/schemas/ad';
import { api, apiUrl } from '@/lib/api-client';

export const adKeys = {
  all: ['ads'] as const,
  plan: (pageView: string, placements: readonly AdPlacement[]) =>
    ['ads', 'plan', pageView, placements.join(',')] as const,
};

/** Where this browser's reader stands in each placement's rotation: the last ad each placement showed them. */
const ROTATION_KEY = 'ray:ad-rotation';
type Rotation = Partial<Record<AdPlacement, { turn: number; adId: number }>>;

function readRotation(): Rotation {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(ROTATION_KEY) ?? '{}');
    return stored && typeof stored === 'object' ? stored : {};
  } catch {
    return {};
  }
}

/**
 * Remembers an ad as shown, so that the next page view carries on after it: kept in this browser rather than on
 * a server, so that whichever server plans the next page continues the same rotation, and nobody's history is
 * stored anywhere.
 */
export function rememberShown(placement: AdPlacement, turn: number, adId: number): void {
  try {
    const rotation = readRotation();
    if ((rotation[placement]?.turn ?? -1) >= turn) return;
    localStorage.setItem(ROTATION_KEY, JSON.stringify({ ...rotation, [placement]: { turn, adId } }));
  } catch {
    // Without storage the reader starts each page at the top of the rotations; the plan still never repeats.
  }
}

function rotationParam(placements: readonly AdPlacement[]): string {
  const rotation = readRotation();
  return placements
    .flatMap((placement) => {
      const point = rotation[placement];
      return point && Number.isSafeInteger(point.turn) && Number.isSafeInteger(point.adId)
        ? [`${placement}.${point.turn}.${point.adId}`]
        : [];
    })
    .join(',');
}

/**
 * The ads of one page view (`pageView`: the router's key of this visit to a page), planned by the server in one
 * answer for the placements this layout shows. A page view keeps its plan: ads do not change under the reader
 * when they come back to the tab, and going back to a page shows what it showed. Ad failures are silent (spec
 * section 7): null leaves the placeholders.
 */
export const adPlanQueryOptions = (pageView: string, placements: readonly AdPlacement[]) =>
  queryOptions({
    queryKey: adKeys.plan(pageView, placements),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    queryFn: async ({ signal }): Promise<AdPlan | null> => {
      try {
        return await api.get<AdPlan>('/api/ads/plan', {
          query: { placements: placements.join(','), after: rotationParam(placements) },
          signal,
          auth: false,
        });
      } catch {
        return null;
      }
    },
    retry: false,
    meta: { keepOnSignOut: true },
  });

/**
 * An ad's link: the server records the click and redirects to the ad's stored target, so a click, a middle
 * click or "open in a new tab" all count, and nothing waits for it.
 */
export const adLink = (ad: Ad, placement: AdPlacement, page: string) =>
  apiUrl(`/api/ads/${ad.id}/click`, { query: { placement, page } });

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

/** Counts a click on an ad that opens a page of this site in place, without holding up the navigation. */
export function recordClick(ad: Ad, placement: AdPlacement, page: string): void {
  sendEvent(`/api/ads/${ad.id}/click`, { referrerUrl: page, placement }).catch(() => undefined);
}

import { LRUCache } from 'lru-cache';
import type { AppConfig } from '@ray/shared/schemas/config';
import type { TrendingHashtag } from '@ray/shared/schemas/hashtag';

/**
 * A cache of values that are loaded on a miss by the function given to `fetch` as its `context`: concurrent
 * misses of a key share one load, and a failed load is forgotten at once.
 */
export type LoadingCache<V extends object | number | boolean | string> = LRUCache<
  string,
  V,
  () => Promise<V>
>;

export interface LoadingCacheOptions {
  /** How long a loaded value is fresh, in milliseconds. */
  ttl: number;
  max: number;
  /**
   * An expired value that had loaded is still answered while a single refresh runs in the background, so the
   * requests that arrive at expiry never wait for the load (only the very first one does). A failed refresh
   * keeps the expired value, and the next call tries again.
   */
  serveStale?: boolean;
}

export function loadingCache<V extends object | number | boolean | string>(
  options: LoadingCacheOptions,
): LoadingCache<V> {
  return new LRUCache<string, V, () => Promise<V>>({
    max: options.max,
    ttl: options.ttl,
    fetchMethod: (_key, _stale, { context }) => context(),
    // A value deleted or replaced while it loads is not cached when it arrives; it still answers its callers.
    ignoreFetchAbort: true,
    // Expiry is read from the clock at every look-up rather than from a reading kept for a millisecond.
    ttlResolution: 0,
    ...(options.serveStale ? { allowStale: true, noDeleteOnFetchRejection: true } : {}),
  });
}

/** The value of `key`, loaded by `load` when it is missing or has expired. */
export function cached<V extends object | number | boolean | string>(
  cache: LoadingCache<V>,
  key: string,
  load: () => Promise<V>,
): Promise<V> {
  return cache.forceFetch(key, { context: load });
}

/** Trends are the same for everyone for a minute: computed once per period and tag, not per visitor. */
export const TRENDS_CACHE_MS = 60_000;
/** A search ranking is the same for every viewer, so the same search within a few seconds reuses it. */
const SEARCH_RANKING_CACHE_MS = 10_000;
/** The public feed's size is counted at most this often rather than on every page. */
const FEED_TOTAL_CACHE_MS = 30_000;
/** Every page load asks for the remote configuration. */
const CONFIG_CACHE_MS = 5_000;

/** The results the use cases keep for a moment, one set per app (so test apps never share them). */
export interface Caches {
  config: LoadingCache<AppConfig>;
  trendingHashtags: LoadingCache<TrendingHashtag[]>;
  trendRankings: LoadingCache<number[]>;
  searchRankings: LoadingCache<number[]>;
  feedTotal: LoadingCache<number>;
  /** The size of each reader's following feed, by reader id. */
  followingTotals: LoadingCache<number>;
}

export function createCaches(): Caches {
  return {
    config: loadingCache({ ttl: CONFIG_CACHE_MS, max: 1 }),
    trendingHashtags: loadingCache({ ttl: TRENDS_CACHE_MS, max: 200, serveStale: true }),
    trendRankings: loadingCache({ ttl: TRENDS_CACHE_MS, max: 200, serveStale: true }),
    searchRankings: loadingCache({ ttl: SEARCH_RANKING_CACHE_MS, max: 500 }),
    feedTotal: loadingCache({ ttl: FEED_TOTAL_CACHE_MS, max: 1, serveStale: true }),
    followingTotals: loadingCache({ ttl: FEED_TOTAL_CACHE_MS, max: 10_000, serveStale: true }),
  };
}

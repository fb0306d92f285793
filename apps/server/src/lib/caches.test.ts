import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cached, loadingCache, type LoadingCacheOptions } from './caches';

/** A load the test finishes by hand, counting how often it was started. */
function controlledLoads() {
  const pending: { resolve: (value: number) => void; reject: (error: Error) => void }[] = [];
  const load = () =>
    new Promise<number>((resolve, reject) => {
      pending.push({ resolve, reject });
    });
  return { load, pending };
}

/** A cache whose value for 'k' has loaded (as 1) and then expired. */
async function expiredCache(options: Partial<LoadingCacheOptions> = {}) {
  const cache = loadingCache<number>({ ttl: 1_000, max: 200, ...options });
  const loads = controlledLoads();
  const first = cached(cache, 'k', loads.load);
  loads.pending[0]!.resolve(1);
  await first;
  vi.advanceTimersByTime(1_001);
  return { cache, ...loads };
}

/** Lets a finished load's callbacks run. */
async function settle() {
  for (let i = 0; i < 5; i++) await Promise.resolve();
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-23T12:00:00Z'));
  // The caches time entries by the monotonic clock, which follows the fake one here.
  vi.spyOn(performance, 'now').mockImplementation(() => Date.now());
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('loading caches', () => {
  it('shares one load between concurrent misses and keeps the value for its period', async () => {
    const cache = loadingCache<number>({ ttl: 1_000, max: 200 });
    const { load, pending } = controlledLoads();
    const first = cached(cache, 'k', load);
    const second = cached(cache, 'k', load);
    expect(pending).toHaveLength(1);
    pending[0]!.resolve(7);
    expect(await first).toBe(7);
    expect(await second).toBe(7);
    vi.advanceTimersByTime(999);
    expect(await cached(cache, 'k', load)).toBe(7);
    expect(pending).toHaveLength(1);
  });

  it('forgets a failed load at once', async () => {
    const cache = loadingCache<number>({ ttl: 1_000, max: 200 });
    const { load, pending } = controlledLoads();
    const failed = cached(cache, 'k', load);
    pending[0]!.reject(new Error('down'));
    await expect(failed).rejects.toThrow('down');
    const retried = cached(cache, 'k', load);
    expect(pending).toHaveLength(2);
    pending[1]!.resolve(3);
    expect(await retried).toBe(3);
  });

  it('keeps no more than its bound, the least recently used going first', async () => {
    const cache = loadingCache<number>({ ttl: 1_000, max: 2 });
    await cached(cache, 'a', () => Promise.resolve(1));
    await cached(cache, 'b', () => Promise.resolve(2));
    await cached(cache, 'a', () => Promise.resolve(-1));
    await cached(cache, 'c', () => Promise.resolve(3));
    expect(cache.size).toBe(2);
    expect(await cached(cache, 'a', () => Promise.resolve(-1))).toBe(1);
    expect(await cached(cache, 'b', () => Promise.resolve(20))).toBe(20);
  });

  it('answers the callers of a load deleted while it ran, without keeping its value', async () => {
    const cache = loadingCache<number>({ ttl: 1_000, max: 200 });
    const { load, pending } = controlledLoads();
    const running = cached(cache, 'k', load);
    cache.delete('k');
    pending[0]!.resolve(1);
    expect(await running).toBe(1);
    const next = cached(cache, 'k', load);
    expect(pending).toHaveLength(2);
    pending[1]!.resolve(2);
    expect(await next).toBe(2);
  });

  it('waits for a new load after expiry unless told to serve stale values', async () => {
    const { cache, load, pending } = await expiredCache();
    const next = cached(cache, 'k', load);
    expect(pending).toHaveLength(2);
    pending[1]!.resolve(2);
    expect(await next).toBe(2);
  });

  it('serves the expired value while one refresh runs, then the refreshed one', async () => {
    const { cache, load, pending } = await expiredCache({ serveStale: true });
    expect(await cached(cache, 'k', load)).toBe(1);
    expect(await cached(cache, 'k', load)).toBe(1);
    expect(pending).toHaveLength(2);
    pending[1]!.resolve(2);
    await settle();
    expect(await cached(cache, 'k', load)).toBe(2);
    expect(pending).toHaveLength(2);
  });

  it('keeps serving the expired value when a refresh fails, and tries again on the next call', async () => {
    const { cache, load, pending } = await expiredCache({ serveStale: true });
    expect(await cached(cache, 'k', load)).toBe(1);
    pending[1]!.reject(new Error('down'));
    await settle();
    expect(await cached(cache, 'k', load)).toBe(1);
    expect(pending).toHaveLength(3);
    pending[2]!.resolve(5);
    await settle();
    expect(await cached(cache, 'k', load)).toBe(5);
  });

  it('waits for the first load when nothing has loaded yet, even when serving stale values', async () => {
    const cache = loadingCache<number>({ ttl: 1_000, max: 200, serveStale: true });
    const { load, pending } = controlledLoads();
    const first = cached(cache, 'k', load);
    pending[0]!.reject(new Error('down'));
    await expect(first).rejects.toThrow('down');
    const second = cached(cache, 'k', load);
    pending[1]!.resolve(4);
    expect(await second).toBe(4);
  });
});

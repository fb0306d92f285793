import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TtlCache } from './ttl-cache';

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
async function expiredCache(options: { serveStale?: boolean } = {}) {
  const cache = new TtlCache<number>(1_000, 200, options);
  const loads = controlledLoads();
  const first = cache.get('k', loads.load);
  loads.pending[0]!.resolve(1);
  await first;
  vi.advanceTimersByTime(1_001);
  return { cache, ...loads };
}

/** Lets a finished load's callbacks run. */
async function settle() {
  await Promise.resolve();
  await Promise.resolve();
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-23T12:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('TtlCache', () => {
  it('shares one load between concurrent misses and keeps the value for its period', async () => {
    const cache = new TtlCache<number>(1_000);
    const { load, pending } = controlledLoads();
    const first = cache.get('k', load);
    const second = cache.get('k', load);
    expect(pending).toHaveLength(1);
    pending[0]!.resolve(7);
    expect(await first).toBe(7);
    expect(await second).toBe(7);
    vi.advanceTimersByTime(999);
    expect(await cache.get('k', load)).toBe(7);
    expect(pending).toHaveLength(1);
  });

  it('forgets a failed load at once', async () => {
    const cache = new TtlCache<number>(1_000);
    const { load, pending } = controlledLoads();
    const failed = cache.get('k', load);
    pending[0]!.reject(new Error('down'));
    await expect(failed).rejects.toThrow('down');
    const retried = cache.get('k', load);
    expect(pending).toHaveLength(2);
    pending[1]!.resolve(3);
    expect(await retried).toBe(3);
  });

  it('waits for a new load after expiry unless told to serve stale values', async () => {
    const { cache, load, pending } = await expiredCache();
    const next = cache.get('k', load);
    expect(pending).toHaveLength(2);
    pending[1]!.resolve(2);
    expect(await next).toBe(2);
  });

  it('serves the expired value while one refresh runs, then the refreshed one', async () => {
    const { cache, load, pending } = await expiredCache({ serveStale: true });
    expect(await cache.get('k', load)).toBe(1);
    expect(await cache.get('k', load)).toBe(1);
    expect(pending).toHaveLength(2);
    pending[1]!.resolve(2);
    await settle();
    expect(await cache.get('k', load)).toBe(2);
    expect(pending).toHaveLength(2);
  });

  it('keeps serving the expired value when a refresh fails, and tries again on the next call', async () => {
    const { cache, load, pending } = await expiredCache({ serveStale: true });
    expect(await cache.get('k', load)).toBe(1);
    pending[1]!.reject(new Error('down'));
    await settle();
    expect(await cache.get('k', load)).toBe(1);
    expect(pending).toHaveLength(3);
    pending[2]!.resolve(5);
    await settle();
    expect(await cache.get('k', load)).toBe(5);
  });

  it('waits for the first load when nothing has loaded yet, even when serving stale values', async () => {
    const cache = new TtlCache<number>(1_000, 200, { serveStale: true });
    const { load, pending } = controlledLoads();
    const first = cache.get('k', load);
    pending[0]!.reject(new Error('down'));
    await expect(first).rejects.toThrow('down');
    const second = cache.get('k', load);
    pending[1]!.resolve(4);
    expect(await second).toBe(4);
  });
});

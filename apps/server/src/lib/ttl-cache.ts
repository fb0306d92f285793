interface Entry<V> {
  until: number;
  value: Promise<V>;
  /** The value has loaded, so it can be served stale while a newer one loads. */
  loaded: boolean;
  refreshing: boolean;
}

/**
 * Results that many visitors ask for at once (trends) computed at most once per key and period. Concurrent
 * misses share one load, a failed load is forgotten at once, and the oldest keys go first beyond `maxEntries`.
 *
 * With `serveStale`, an expired value that had loaded is still answered while a single refresh runs in the
 * background, so the requests that arrive at expiry never wait for the load (only the very first one does).
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, Entry<V>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 200,
    private readonly options: { serveStale?: boolean } = {},
  ) {}

  get(key: string, load: () => Promise<V>): Promise<V> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.until > now) return hit.value;
    if (hit && this.options.serveStale && hit.loaded) {
      if (!hit.refreshing) {
        hit.refreshing = true;
        this.start(key, load, now).catch(() => {
          hit.refreshing = false;
        });
      }
      return hit.value;
    }
    return this.start(key, load, now);
  }

  private start(key: string, load: () => Promise<V>, now: number): Promise<V> {
    const value = load();
    const entry: Entry<V> = { until: now + this.ttlMs, value, loaded: false, refreshing: false };
    const previous = this.entries.get(key);
    // While a stale value is being served, the new one takes its place only once it has loaded.
    if (!previous?.refreshing) this.store(key, entry);
    value.then(
      () => {
        entry.loaded = true;
        if (previous?.refreshing && this.entries.get(key) === previous) this.store(key, entry);
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return value;
  }

  private store(key: string, entry: Entry<V>) {
    this.entries.delete(key);
    this.entries.set(key, entry);
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) break;
      this.entries.delete(oldest);
    }
  }
}

/**
 * Results that many visitors ask for at once (trends) computed at most once per key and period. Concurrent
 * misses share one load, a failed load is forgotten at once, and the oldest keys go first beyond `maxEntries`.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { until: number; value: Promise<V> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 200,
  ) {}

  get(key: string, load: () => Promise<V>): Promise<V> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.until > now) return hit.value;

    const value = load();
    this.entries.delete(key);
    this.entries.set(key, { until: now + this.ttlMs, value });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) break;
      this.entries.delete(oldest);
    }
    return value;
  }
}

/**
 * Counts events per key in a fixed window. Used for failed logins and reset e-mails, where the count must
 * only grow on failure (a generic per-request limiter cannot express that).
 */
export interface RateLimitStore {
  /** Adds one event and returns the count in the current window and the seconds until it resets. */
  hit(key: string, windowSeconds: number): Promise<{ count: number; resetSeconds: number }>;
  peek(key: string): Promise<{ count: number; resetSeconds: number }>;
  reset(key: string): Promise<void>;
}

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly entries = new Map<string, { count: number; resetAt: number }>();

  async hit(key: string, windowSeconds: number) {
    const now = Date.now();
    this.sweep(now);
    let entry = this.entries.get(key);
    if (!entry || entry.resetAt <= now) {
      entry = { count: 0, resetAt: now + windowSeconds * 1000 };
      this.entries.set(key, entry);
    }
    entry.count += 1;
    return { count: entry.count, resetSeconds: Math.ceil((entry.resetAt - now) / 1000) };
  }

  async peek(key: string) {
    const now = Date.now();
    const entry = this.entries.get(key);
    if (!entry || entry.resetAt <= now) return { count: 0, resetSeconds: 0 };
    return { count: entry.count, resetSeconds: Math.ceil((entry.resetAt - now) / 1000) };
  }

  async reset(key: string) {
    this.entries.delete(key);
  }

  private lastSweep = 0;
  private sweep(now: number) {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [key, entry] of this.entries) if (entry.resetAt <= now) this.entries.delete(key);
  }
}

export interface Limit {
  key: string;
  max: number;
  windowSeconds: number;
}

export class RateLimiter {
  constructor(private readonly store: RateLimitStore) {}

  /** Seconds to wait when any of the limits is already reached, else 0. */
  async blockedFor(limits: Limit[]): Promise<number> {
    let wait = 0;
    for (const limit of limits) {
      const { count, resetSeconds } = await this.store.peek(limit.key);
      if (count >= limit.max) wait = Math.max(wait, resetSeconds, 1);
    }
    return wait;
  }

  async record(limits: Limit[]): Promise<void> {
    for (const limit of limits) await this.store.hit(limit.key, limit.windowSeconds);
  }

  async clear(key: string): Promise<void> {
    await this.store.reset(key);
  }
}

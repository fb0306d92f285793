import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { closeRedisClient, createRedisClient, type RedisClient, type RedisErrorSink } from './redis';

/**
 * Counts events per key in a fixed window. Used for failed logins and reset e-mails, where the count must
 * only grow on failure (a generic per-request limiter cannot express that).
 */
export interface RateLimitStore {
  /** Adds one event and returns the count in the current window and the seconds until it resets. */
  hit(key: string, windowSeconds: number): Promise<{ count: number; resetSeconds: number }>;
  peek(key: string): Promise<{ count: number; resetSeconds: number }>;
  reset(key: string): Promise<void>;
  close?(): Promise<void>;
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

  /** Takes over a count kept elsewhere (the shared store's). */
  remember(key: string, count: number, resetSeconds: number) {
    if (count <= 0 || resetSeconds <= 0) this.entries.delete(key);
    else this.entries.set(key, { count, resetAt: Date.now() + resetSeconds * 1000 });
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

  async close(): Promise<void> {
    await this.store.close?.();
  }
}

/** Increments a key, starts its window on the first hit, and returns the count and the milliseconds left. */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}`;

/** How long a limit check may wait for Redis before this instance decides on its own counts. */
const REDIS_TIMEOUT_MS = 250;

/**
 * Counts shared by every instance through Redis, so an attacker cannot multiply a limit by the number of
 * instances. Each instance keeps a copy of the counts it has seen: while Redis is unreachable (or slow) it
 * counts on from that copy, so the limits still hold per instance and a login is never refused or delayed
 * because Redis is down.
 */
export class RedisRateLimitStore implements RateLimitStore {
  private readonly client: RedisClient;
  private readonly local = new MemoryRateLimitStore();

  constructor(
    url: string,
    private readonly errors: RedisErrorSink,
    private readonly prefix: string,
  ) {
    this.client = createRedisClient(url, {
      queueWhileDown: false,
      onError: (error) => {
        errors.report(error);
      },
    });
    this.client.connect().catch((error: unknown) => {
      errors.report(error);
    });
  }

  async hit(key: string, windowSeconds: number) {
    const shared = await this.shared(async (client) => {
      const [count, ttl] = (await client.eval(HIT_SCRIPT, {
        keys: [this.prefix + key],
        arguments: [String(windowSeconds * 1000)],
      })) as [number, number];
      return { count, resetSeconds: Math.ceil(ttl / 1000) };
    });
    return shared ? this.mirror(key, shared) : this.local.hit(key, windowSeconds);
  }

  async peek(key: string) {
    const shared = await this.shared(async (client) => {
      const [count, ttl] = await client
        .multi()
        .get(this.prefix + key)
        .pTTL(this.prefix + key)
        .exec();
      const value = Number(count ?? 0);
      const left = Number(ttl);
      return left > 0
        ? { count: value, resetSeconds: Math.ceil(left / 1000) }
        : { count: 0, resetSeconds: 0 };
    });
    return shared ? this.mirror(key, shared) : this.local.peek(key);
  }

  async reset(key: string) {
    await this.local.reset(key);
    await this.shared((client) => client.del(this.prefix + key));
  }

  async close() {
    await closeRedisClient(this.client);
  }

  private mirror(key: string, shared: { count: number; resetSeconds: number }) {
    this.local.remember(key, shared.count, shared.resetSeconds);
    return shared;
  }

  /** Runs a command when Redis is ready, giving up after a short wait; undefined when it could not. */
  private async shared<T>(command: (client: RedisClient) => Promise<T>): Promise<T | undefined> {
    if (!this.client.isReady) return undefined;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => {
        resolve(undefined);
      }, REDIS_TIMEOUT_MS);
    });
    try {
      return await Promise.race([command(this.client), timeout]);
    } catch (error) {
      this.errors.report(error);
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  }
}

/**
 * The general per-address limit of @fastify/rate-limit, counted in the same store as the account limits: with
 * Redis, a visitor spreading requests over instances meets one limit, not one per instance.
 */
export function requestLimitStore(store: RateLimitStore, prefix: string): FastifyRateLimitStoreCtor {
  const shared: FastifyRateLimitStore = {
    // The plugin also passes the window (its typings leave it out).
    incr(key: string, callback: Parameters<FastifyRateLimitStore['incr']>[1], timeWindowMs = 60_000) {
      store.hit(prefix + key, Math.max(1, Math.ceil(timeWindowMs / 1000))).then(
        ({ count, resetSeconds }) => {
          callback(null, { current: count, ttl: resetSeconds * 1000 });
        },
        (error: unknown) => {
          callback(error instanceof Error ? error : new Error(String(error)));
        },
      );
    },
    child: () => shared,
  };
  // The plugin constructs its store with `new`; a constructor that returns an object yields that object.
  return function SharedRequestLimitStore() {
    return shared;
  } as unknown as FastifyRateLimitStoreCtor;
}

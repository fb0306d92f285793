import { isIPv6 } from 'node:net';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  RLWrapperTimeouts,
} from 'rate-limiter-flexible';
import { closeRedisClient, createRedisClient, type RedisClient, type RedisErrorSink } from './redis';

/** At most `max` attempts under `key` in a window of `windowSeconds`, which starts at the first attempt. */
export interface Limit {
  key: string;
  max: number;
  windowSeconds: number;
}

/** How long a limit check may wait for Redis before this instance decides on its own counts. */
const REDIS_TIMEOUT_MS = 250;

type Counter = Pick<RateLimiterMemory, 'consume' | 'reward' | 'delete'>;

/**
 * The throttles of the app (sign-in, reset e-mails, registration, uploads, the general per-address limit…),
 * counted by rate-limiter-flexible. An attempt is reserved before the work it protects, in one atomic step
 * (an INCR in Redis, a synchronous increment in memory): concurrent attempts can never all pass a check before
 * any of them is counted.
 *
 * With Redis the counts are shared by every instance, so an attacker cannot multiply a limit by the number of
 * instances. While Redis is unreachable, or slower than REDIS_TIMEOUT_MS, each instance counts on in its own
 * memory (the library's insurance limiter), so the limits still hold per instance and nothing is refused or
 * held for long because Redis is down.
 */
export class RateLimiter {
  private readonly counters = new Map<string, { counter: Counter; local: RateLimiterMemory }>();
  private readonly client: RedisClient | undefined;

  /** Without `shared`, the counts live in this process only. */
  constructor(private readonly shared?: { url: string; errors: RedisErrorSink; prefix: string }) {
    if (!shared) return;
    this.client = createRedisClient(shared.url, {
      queueWhileDown: false,
      onError: (error) => {
        shared.errors.report(error);
      },
    });
    this.client.connect().catch((error: unknown) => {
      shared.errors.report(error);
    });
  }

  /**
   * Reserves one attempt under each limit, in order, and stops at the first one already used up. Returns the
   * seconds to wait before trying again, or 0 when the attempt may go ahead. A refused attempt counts too.
   */
  async take(limits: Limit[]): Promise<number> {
    for (const limit of limits) {
      try {
        await this.counterFor(limit).counter.consume(limit.key);
      } catch (refusal) {
        if (refusal instanceof RateLimiterRes) return Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
        throw refusal;
      }
    }
    return 0;
  }

  /** Hands back an attempt that turned out not to count (a sign-in that succeeded). */
  async giveBack(limit: Limit): Promise<void> {
    await this.counterFor(limit).counter.reward(limit.key);
  }

  /** Forgets every attempt under the limit, in Redis and in this instance's own count alike. */
  async clear(limit: Limit): Promise<void> {
    const { counter, local } = this.counterFor(limit);
    await Promise.all([counter.delete(limit.key), local.delete(limit.key)]);
  }

  async close(): Promise<void> {
    await closeRedisClient(this.client);
  }

  /** One counter per size of limit; the key tells the limits of the same size apart. */
  private counterFor(limit: Limit) {
    const id = `${limit.max}/${limit.windowSeconds}`;
    let found = this.counters.get(id);
    if (!found) {
      const options = { points: limit.max, duration: limit.windowSeconds };
      const local = new RateLimiterMemory({ ...options, keyPrefix: '' });
      const counter =
        this.client && this.shared
          ? new RLWrapperTimeouts({
              limiter: new RateLimiterRedis({
                ...options,
                storeClient: this.client,
                useRedisPackage: true,
                // Refused at once while disconnected: the memory count answers instead of a timeout.
                rejectIfRedisNotReady: true,
                // Keys read `<REDIS_PREFIX>limit:<key>`.
                keyPrefix: `${this.shared.prefix}limit`,
              }),
              timeoutMs: REDIS_TIMEOUT_MS,
              insuranceLimiter: local,
            })
          : local;
      found = { counter, local };
      this.counters.set(id, found);
    }
    return found;
  }
}

/**
 * The part of a client address a per-address limit counts under. An IPv6 client usually holds a whole /64
 * (one per home or phone), so counting each of its 2^64 addresses apart would make every limit void; an IPv4
 * address written as IPv6 (`::ffff:192.0.2.1`) counts as the IPv4 address it is.
 */
export function limitAddress(ip: string): string {
  if (!isIPv6(ip)) return ip;
  const address = ip.split('%')[0]!.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped) return mapped[1]!;
  const [head = '', tail] = address.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  // A trailing IPv4 part fills two groups.
  const width = (parts: string[]) => parts.length + (parts.at(-1)?.includes('.') ? 1 : 0);
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const full = [...left, ...Array<string>(8 - width(left) - width(right)).fill('0'), ...right];
  return `${full
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/client';
import { InstanceChannel, type RedisErrorSink } from '../../lib/redis';
import { isSessionActive, touchSession } from './sessions.repository';

const CACHE_MS = 10_000;
const MAX_ENTRIES = 50_000;
/** How stale a session's "last used" time may get: the settings page shows it to within minutes, not seconds. */
const TOUCH_INTERVAL_SECONDS = 5 * 60;

/**
 * Answers "is this session still signed in?" for every authenticated request. Results are cached briefly so
 * the check costs no query on the hot path. Revocations made by this process take effect at once; with Redis,
 * those made by another instance arrive within moments, and without it (or while Redis is down) within CACHE_MS.
 */
export class SessionGuard {
  /**
   * Concurrent checks of one session share one query. A revocation written while a check is in flight takes the
   * check's place in the cache at once; the check's own result then answers only the request that started it.
   */
  private readonly cache = new LRUCache<string, boolean>({
    max: MAX_ENTRIES,
    ttl: CACHE_MS,
    fetchMethod: (sessionId) => isSessionActive(this.db, sessionId),
    ignoreFetchAbort: true,
  });
  /** The sessions whose "last used" time this process wrote within the last TOUCH_INTERVAL_SECONDS. */
  private readonly touched = new LRUCache<string, true>({
    max: MAX_ENTRIES,
    ttl: TOUCH_INTERVAL_SECONDS * 1000,
  });
  private readonly listeners = new Set<(sessionIds: string[]) => void>();
  private channel: InstanceChannel | undefined;
  private logger: FastifyBaseLogger | undefined;

  constructor(private readonly db: Database) {}

  /**
   * Tells the other instances about revocations through a Redis channel, and listens to theirs. Connection
   * trouble goes to `errors`, which logs an outage once for every Redis client of the process.
   */
  shareThrough(url: string, channel: string, options: { errors: RedisErrorSink; logger: FastifyBaseLogger }) {
    this.logger = options.logger;
    this.channel = new InstanceChannel(url, channel, {
      errors: options.errors,
      onMessage: ({ sessionIds }) => {
        if (Array.isArray(sessionIds))
          this.forget(sessionIds.filter((id): id is string => typeof id === 'string'));
      },
      // Not Redis being away: a message on the channel that no instance of this version would send.
      onUnreadable: (error) => {
        this.logger?.warn({ err: error }, 'unreadable session revocation message');
      },
    });
  }

  private forget(sessionIds: string[]) {
    for (const id of sessionIds) this.cache.set(id, false);
  }

  isActive(sessionId: string): Promise<boolean> {
    return this.cache.forceFetch(sessionId);
  }

  /**
   * Notes that a signed-in request used the session. Writes at most once per TOUCH_INTERVAL_SECONDS for each
   * session and process, and the write itself changes nothing when another instance wrote within the interval;
   * a failed write only leaves the time older, so it never fails the request.
   */
  used(sessionId: string) {
    if (this.touched.has(sessionId)) return;
    this.touched.set(sessionId, true);
    touchSession(this.db, sessionId, TOUCH_INTERVAL_SECONDS).catch((error: unknown) => {
      this.logger?.warn({ err: error }, 'session last-use time not written');
    });
  }

  /** Called after sessions are revoked, so this process forgets them and real-time connections can close. */
  revoked(sessionIds: string[]) {
    if (sessionIds.length === 0) return;
    this.forget(sessionIds);
    for (const listener of this.listeners) listener(sessionIds);
    this.channel?.publish({ sessionIds });
  }

  async close() {
    await this.channel?.close();
  }

  onRevoked(listener: (sessionIds: string[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

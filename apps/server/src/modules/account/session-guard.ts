import type { Database } from '../../db/client';
import { isSessionActive } from './sessions.repository';

const CACHE_MS = 10_000;
const MAX_ENTRIES = 50_000;

/**
 * Answers "is this session still signed in?" for every authenticated request. Results are cached briefly so
 * the check costs no query on the hot path; revocations made by this process take effect at once, those made
 * by another instance within CACHE_MS.
 */
export class SessionGuard {
  private readonly cache = new Map<string, { active: boolean; until: number }>();
  private readonly listeners = new Set<(sessionIds: string[]) => void>();

  constructor(private readonly db: Database) {}

  async isActive(sessionId: string): Promise<boolean> {
    const now = Date.now();
    const cached = this.cache.get(sessionId);
    if (cached && cached.until > now) return cached.active;
    const active = await isSessionActive(this.db, sessionId);
    if (this.cache.size >= MAX_ENTRIES) this.cache.clear();
    this.cache.set(sessionId, { active, until: now + CACHE_MS });
    return active;
  }

  /** Called after sessions are revoked, so this process forgets them and real-time connections can close. */
  revoked(sessionIds: string[]) {
    for (const id of sessionIds) this.cache.set(id, { active: false, until: Date.now() + CACHE_MS });
    for (const listener of this.listeners) listener(sessionIds);
  }

  onRevoked(listener: (sessionIds: string[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

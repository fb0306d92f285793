import { inArray, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { oauthFlows, passwordResetTokens, sessions } from '../../db/schema';

/** Rows removed per statement, so a clean-up never holds many locks or runs long. */
const BATCH = 5_000;
/** Expired rows are kept this long after they expire, for the records of recent sign-ins. */
const GRACE_MS = 24 * 3600_000;

/**
 * Removes what has expired for good: sign-in sessions (their refresh tokens go with them), password reset
 * tokens and social sign-in round trips. Returns how many rows went.
 */
export async function removeExpired(db: Executor, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - GRACE_MS);
  let removed = 0;
  const drain = async (batch: () => Promise<unknown[]>) => {
    for (;;) {
      const count = (await batch()).length;
      removed += count;
      if (count < BATCH) return;
    }
  };
  for (const table of [sessions, passwordResetTokens, oauthFlows]) {
    const expired = db.select({ id: table.id }).from(table).where(lt(table.expiresAt, cutoff)).limit(BATCH);
    await drain(() => db.delete(table).where(inArray(table.id, expired)).returning({ id: table.id }));
  }
  return removed;
}

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
  await drain(() =>
    db
      .delete(sessions)
      .where(
        inArray(
          sessions.id,
          db.select({ id: sessions.id }).from(sessions).where(lt(sessions.expiresAt, cutoff)).limit(BATCH),
        ),
      )
      .returning({ id: sessions.id }),
  );
  await drain(() =>
    db
      .delete(passwordResetTokens)
      .where(
        inArray(
          passwordResetTokens.id,
          db
            .select({ id: passwordResetTokens.id })
            .from(passwordResetTokens)
            .where(lt(passwordResetTokens.expiresAt, cutoff))
            .limit(BATCH),
        ),
      )
      .returning({ id: passwordResetTokens.id }),
  );
  await drain(() =>
    db
      .delete(oauthFlows)
      .where(
        inArray(
          oauthFlows.id,
          db
            .select({ id: oauthFlows.id })
            .from(oauthFlows)
            .where(lt(oauthFlows.expiresAt, cutoff))
            .limit(BATCH),
        ),
      )
      .returning({ id: oauthFlows.id }),
  );
  return removed;
}

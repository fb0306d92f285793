import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { emailVerificationTokens, users } from '../../db/schema';

/** Stores a new verification token and retires the user's older ones: only the newest link works. */
export async function replaceVerificationToken(
  db: Executor,
  token: { userId: string; email: string; tokenHash: string; expiresAt: Date },
) {
  await db.transaction(async (tx) => {
    await tx
      .update(emailVerificationTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(emailVerificationTokens.userId, token.userId), isNull(emailVerificationTokens.usedAt)));
    await tx.insert(emailVerificationTokens).values(token);
  });
}

/**
 * Uses up a token that is unused and unexpired (the check and the write are one statement, so it works once);
 * answers the user and address it confirms.
 */
export async function consumeVerificationToken(
  db: Executor,
  tokenHash: string,
): Promise<{ userId: string; email: string } | undefined> {
  const [row] = await db
    .update(emailVerificationTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(emailVerificationTokens.tokenHash, tokenHash),
        isNull(emailVerificationTokens.usedAt),
        gt(emailVerificationTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: emailVerificationTokens.userId, email: emailVerificationTokens.email });
  return row;
}

/**
 * Marks the address confirmed, provided it is still the user's address; `role`, when given, is granted at the
 * same time. Answers the updated user, or undefined when the address has changed since the link was sent.
 */
export async function markEmailVerified(db: Executor, userId: string, email: string, role?: 'admin') {
  const [row] = await db
    .update(users)
    .set({ emailVerifiedAt: sql`now()`, updatedAt: sql`now()`, ...(role ? { role } : {}) })
    .where(and(eq(users.id, userId), eq(users.email, email)))
    .returning();
  return row;
}

/** Gives the user a new address, not yet confirmed. */
export async function changeUserEmail(db: Executor, userId: string, email: string) {
  const [row] = await db
    .update(users)
    .set({ email, emailVerifiedAt: null, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

import { and, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { passwordResetTokens, refreshTokens, sessions, users } from '../../db/schema';

export async function insertSession(
  db: Executor,
  session: {
    userId: string;
    rememberMe: boolean;
    expiresAt: Date;
    userAgent?: string | undefined;
    ip?: string | undefined;
  },
) {
  const [row] = await db.insert(sessions).values(session).returning();
  return row!;
}

export async function insertRefreshToken(
  db: Executor,
  token: { sessionId: string; tokenHash: string; expiresAt: Date },
) {
  await db.insert(refreshTokens).values(token);
}

/** The refresh token with its session and user, whatever their state: the caller decides. */
export async function findRefreshToken(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({ token: refreshTokens, session: sessions, user: { id: users.id, role: users.role } })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/** Marks a token used; false when another request used it first (the check and the write are one statement). */
export async function claimRefreshToken(db: Executor, id: number): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.usedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length === 1;
}

/**
 * Exchanges a refresh token for its successor: marks the token used, stores the successor and notes the
 * session's use, all in one transaction. False when another request exchanged the token first; that request's
 * successor is then already stored, since a second exchange waits for the first one's commit.
 */
export async function rotateRefreshToken(
  db: Executor,
  rotation: { id: number; sessionId: string; successorHash: string; expiresAt: Date; ip: string | undefined },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await claimRefreshToken(tx, rotation.id);
    if (!claimed) return false;
    await insertRefreshToken(tx, {
      sessionId: rotation.sessionId,
      tokenHash: rotation.successorHash,
      expiresAt: rotation.expiresAt,
    });
    await tx
      .update(sessions)
      .set({ lastUsedAt: sql`now()`, ...(rotation.ip ? { ip: rotation.ip } : {}) })
      .where(eq(sessions.id, rotation.sessionId));
    return true;
  });
}

/**
 * Moves the session's "last used" time forward unless it was moved within `intervalSeconds`: instances that all
 * see the same session in use write it once per interval between them.
 */
export async function touchSession(db: Executor, sessionId: string, intervalSeconds: number) {
  await db
    .update(sessions)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(sessions.id, sessionId),
        lt(sessions.lastUsedAt, sql`now() - make_interval(secs => ${intervalSeconds})`),
      ),
    );
}

/** The user's signed-in sessions, the most recently used first. */
export async function listActiveSessions(db: Executor, userId: string, limit: number) {
  return db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.createdAt))
    .limit(limit);
}

/** Ends one signed-in session of the user; false when the user has no such session (or it already ended). */
export async function revokeOwnSession(db: Executor, userId: string, sessionId: string): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: sessions.id });
  return rows.length === 1;
}

export async function revokeSession(db: Executor, sessionId: string) {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Revokes every session of a user but the one given (if any); returns the revoked ids. */
export async function revokeUserSessions(db: Executor, userId: string, exceptSessionId?: string) {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined,
      ),
    )
    .returning({ id: sessions.id });
  return rows.map((row) => row.id);
}

export async function isSessionActive(db: Executor, sessionId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .limit(1);
  return row !== undefined;
}

/** Stores a new reset token and retires the older ones: only the newest link works. */
export async function replaceResetToken(
  db: Executor,
  token: { userId: string; tokenHash: string; expiresAt: Date },
) {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResetTokens.userId, token.userId), isNull(passwordResetTokens.usedAt)));
  await db.insert(passwordResetTokens).values(token);
}

/** Consumes a reset token if it is unused, unexpired and the newest of its user; returns the user id. */
export async function consumeResetToken(
  db: Executor,
  tokenHash: string,
  email: string,
): Promise<string | null> {
  const [row] = await db
    .select({ id: passwordResetTokens.id, userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        eq(users.email, email),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(passwordResetTokens.id))
    .limit(1);
  if (!row) return null;
  const claimed = await db
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResetTokens.id, row.id), isNull(passwordResetTokens.usedAt)))
    .returning({ id: passwordResetTokens.id });
  return claimed.length === 1 ? row.userId : null;
}

import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oauthFlows, passwordResetTokens, sessions } from '../../db/schema';
import { createTestApp, registerUser, type TestApp } from '../../test/test-app';
import { removeExpired } from './cleanup';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const HOUR = 3600_000;
const hex = () => randomBytes(16).toString('hex');

describe('removing expired sign-in rows', () => {
  it('removes sessions, reset tokens and social round trips a day past their expiry, and nothing else', async () => {
    const user = await registerUser(t.app);
    const db = t.database.db;
    const now = new Date();
    const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);
    // Long expired, expired within the last day (kept for the records of recent sign-ins), still valid.
    const moments = { old: at(-48 * HOUR), recent: at(-2 * HOUR), valid: at(24 * HOUR) };

    const sessionIds: Record<string, string> = {};
    for (const [label, expiresAt] of Object.entries(moments)) {
      const [row] = await db
        .insert(sessions)
        .values({ userId: user.userId, expiresAt })
        .returning({ id: sessions.id });
      sessionIds[label] = row!.id;
      await db.insert(passwordResetTokens).values({ userId: user.userId, tokenHash: hex(), expiresAt });
      await db.insert(oauthFlows).values({ kind: 'state', keyHash: hex(), provider: 'google', expiresAt });
    }
    const before = {
      sessions: (await db.select({ id: sessions.id }).from(sessions)).length,
      resets: (await db.select({ id: passwordResetTokens.id }).from(passwordResetTokens)).length,
      flows: (await db.select({ id: oauthFlows.id }).from(oauthFlows)).length,
    };

    expect(await removeExpired(db, now)).toBe(3);

    expect(await db.select().from(sessions).where(eq(sessions.id, sessionIds.old!))).toEqual([]);
    for (const label of ['recent', 'valid'])
      expect(await db.select().from(sessions).where(eq(sessions.id, sessionIds[label]!))).toHaveLength(1);
    expect((await db.select({ id: sessions.id }).from(sessions)).length).toBe(before.sessions - 1);
    expect((await db.select({ id: passwordResetTokens.id }).from(passwordResetTokens)).length).toBe(
      before.resets - 1,
    );
    expect((await db.select({ id: oauthFlows.id }).from(oauthFlows)).length).toBe(before.flows - 1);
    // A second run finds nothing more to remove.
    expect(await removeExpired(db, now)).toBe(0);
  });
});

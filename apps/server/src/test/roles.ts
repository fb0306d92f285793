import { eq } from 'drizzle-orm';
import type { Role } from '@ray/shared/schemas/user';
import { users } from '../db/schema';
import { registerUser, type TestApp, type TestUser } from './test-app';

/** A new user given a role in the database, then signed in again so that the token carries the role. */
export async function registerWithRole(t: TestApp, role: Role): Promise<TestUser> {
  const user = await registerUser(t.app);
  await t.database.db.update(users).set({ role }).where(eq(users.id, user.userId));
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/account/login',
    payload: { username: user.email, password: user.password },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  const json = response.json<{ token: string; refreshToken: string }>();
  return { ...user, token: json.token, refreshToken: json.refreshToken };
}

/**
 * A new user whose address is then marked confirmed, as the mailed link does, and who signs in again: an address
 * of ADMIN_EMAILS gets its role at that sign-in, and the token carries it.
 */
export async function registerConfirmed(
  t: TestApp,
  overrides: Parameters<typeof registerUser>[1] = {},
): Promise<TestUser> {
  const user = await registerUser(t.app, overrides);
  await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.userId));
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/account/login',
    payload: { username: user.email, password: user.password },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  const json = response.json<{ token: string; refreshToken: string }>();
  return { ...user, token: json.token, refreshToken: json.refreshToken };
}

import { eq, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg } from '@ray/shared/messages.ar';
import type { ActiveSession } from '@ray/shared/schemas/session';
import { sessions } from '../../db/schema';
import {
  bearer,
  createTestApp,
  eventually,
  registerUser,
  type TestApp,
  type TestUser,
} from '../../test/test-app';
import { describeUserAgent } from '../../lib/user-agent';

interface ErrorBody {
  success: false;
  code: string;
  message: string;
}

interface AuthBody {
  token: string;
  refreshToken: string;
}

const WINDOWS_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

function signIn(user: TestUser, options: { userAgent?: string; address?: string } = {}) {
  return t.app
    .inject({
      method: 'POST',
      url: '/api/account/login',
      payload: { username: user.email, password: user.password },
      headers: options.userAgent ? { 'user-agent': options.userAgent } : {},
      ...(options.address ? { remoteAddress: options.address } : {}),
    })
    .then((response) => response.json<AuthBody>());
}

const list = (token?: string) =>
  t.app.inject({ method: 'GET', url: '/api/account/sessions', headers: token ? bearer(token) : {} });
const end = (id: string, token?: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/account/sessions/${id}`, headers: token ? bearer(token) : {} });
const endOthers = (token?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/account/sessions/sign-out-others',
    headers: token ? bearer(token) : {},
  });
const profile = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(token) });
const refresh = (refreshToken: string) =>
  t.app.inject({ method: 'POST', url: '/api/account/refresh-token', payload: { refreshToken } });
const sessionOf = (token: string) => decodeJwt(token).sid as string;

describe('GET /api/account/sessions', () => {
  it('lists the live sessions with device, address and times, the current one first', async () => {
    const user = await registerUser(t.app);
    const laptop = await signIn(user, { userAgent: WINDOWS_CHROME, address: '203.0.113.7' });
    const phone = await signIn(user, { userAgent: IPHONE_SAFARI, address: '198.51.100.20' });
    await t.app.inject({
      method: 'POST',
      url: '/api/account/logout',
      headers: bearer(user.token),
      payload: {},
    });
    const stranger = await registerUser(t.app);

    const response = await list(phone.token);
    expect(response.statusCode).toBe(200);
    const { items } = response.json<{ items: ActiveSession[] }>();
    expect(items.map((item) => item.id)).toEqual([sessionOf(phone.token), sessionOf(laptop.token)]);
    expect(items[0]).toMatchObject({
      current: true,
      device: 'Safari على iPhone',
      browser: 'Safari',
      os: 'iPhone',
      ip: '198.51.100.20',
    });
    expect(items[1]).toMatchObject({ current: false, device: 'Chrome على Windows', ip: '203.0.113.7' });
    for (const item of items) {
      expect(Date.parse(item.createdAt)).toBeGreaterThan(Date.now() - 60_000);
      expect(Date.parse(item.lastUsedAt)).toBeGreaterThanOrEqual(Date.parse(item.createdAt));
    }
    expect(response.body).not.toContain(sessionOf(stranger.token));
  });

  it('answers a visitor with 401', async () => {
    const response = await list();
    expect(response.statusCode).toBe(401);
    expect(response.json<ErrorBody>().message).toBe(msg.unauthorized);
  });
});

describe('last use of a session', () => {
  const lastUsed = async (sessionId: string) =>
    (
      await t.database.db
        .select({ lastUsedAt: sessions.lastUsedAt, ip: sessions.ip })
        .from(sessions)
        .where(eq(sessions.id, sessionId))
    )[0]!;
  const hourAgo = (sessionId: string) =>
    t.database.db
      .update(sessions)
      .set({ lastUsedAt: sql`now() - interval '1 hour'` })
      .where(eq(sessions.id, sessionId));

  it('moves forward, with the client address, when the session is refreshed', async () => {
    const user = await registerUser(t.app);
    const id = sessionOf(user.token);
    await hourAgo(id);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/account/refresh-token',
      payload: { refreshToken: user.refreshToken },
      remoteAddress: '192.0.2.44',
    });
    expect(response.statusCode).toBe(200);
    const row = await lastUsed(id);
    expect(row.lastUsedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(row.ip).toBe('192.0.2.44');
  });

  it('moves forward on signed-in requests, with one write per few minutes rather than one per request', async () => {
    const user = await registerUser(t.app);
    const id = sessionOf(user.token);
    await hourAgo(id);
    expect((await profile(user.token)).statusCode).toBe(200);
    await eventually(async () => {
      const row = await lastUsed(id);
      return row.lastUsedAt.getTime() > Date.now() - 60_000 ? row : undefined;
    });

    await hourAgo(id);
    for (let i = 0; i < 5; i++) expect((await profile(user.token)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await lastUsed(id)).lastUsedAt.getTime()).toBeLessThan(Date.now() - 50 * 60_000);
  });
});

describe('DELETE /api/account/sessions/{id}', () => {
  it('ends the session: its refresh and access tokens stop working at once', async () => {
    const user = await registerUser(t.app);
    const other = await signIn(user);
    expect((await profile(other.token)).statusCode).toBe(200);

    const response = await end(sessionOf(other.token), user.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: msg.sessionEnded, ended: 1 });
    expect((await profile(other.token)).statusCode).toBe(401);
    expect((await refresh(other.refreshToken)).statusCode).toBe(401);
    expect((await profile(user.token)).statusCode).toBe(200);
    const { items } = (await list(user.token)).json<{ items: ActiveSession[] }>();
    expect(items.map((item) => item.id)).toEqual([sessionOf(user.token)]);
  });

  it("answers another user's session like a missing one, with 404, and leaves it signed in", async () => {
    const user = await registerUser(t.app);
    const stranger = await registerUser(t.app);
    const response = await end(sessionOf(stranger.token), user.token);
    expect(response.statusCode).toBe(404);
    expect(response.json<ErrorBody>()).toEqual({
      success: false,
      code: 'NOT_FOUND',
      message: msg.sessionNotFound,
    });
    const missing = await end('6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b', user.token);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(response.json());
    expect((await profile(stranger.token)).statusCode).toBe(200);
    expect((await refresh(stranger.refreshToken)).statusCode).toBe(200);
  });

  it('answers a session already ended with 404', async () => {
    const user = await registerUser(t.app);
    const other = await signIn(user);
    expect((await end(sessionOf(other.token), user.token)).statusCode).toBe(200);
    expect((await end(sessionOf(other.token), user.token)).statusCode).toBe(404);
  });

  it('answers an id that is no session id with 400 in Arabic', async () => {
    const user = await registerUser(t.app);
    const response = await end('not-a-session', user.token);
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().message).toBe(msg.sessionNotFound);
  });

  it('answers a visitor with 401', async () => {
    const user = await registerUser(t.app);
    expect((await end(sessionOf(user.token))).statusCode).toBe(401);
    expect((await profile(user.token)).statusCode).toBe(200);
  });
});

describe('POST /api/account/sessions/sign-out-others', () => {
  it('ends every other session and keeps the current one', async () => {
    const user = await registerUser(t.app);
    const second = await signIn(user);
    const third = await signIn(user);
    const stranger = await registerUser(t.app);

    const response = await endOthers(second.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: msg.otherSessionsEnded, ended: 2 });
    for (const ended of [user, third]) {
      expect((await profile(ended.token)).statusCode).toBe(401);
      expect((await refresh(ended.refreshToken)).statusCode).toBe(401);
    }
    expect((await profile(second.token)).statusCode).toBe(200);
    expect((await refresh(second.refreshToken)).statusCode).toBe(200);
    expect((await profile(stranger.token)).statusCode).toBe(200);
    const { items } = (await list(second.token)).json<{ items: ActiveSession[] }>();
    expect(items).toHaveLength(1);
    expect(items[0]?.current).toBe(true);
  });

  it('answers a visitor with 401', async () => {
    expect((await endOthers()).statusCode).toBe(401);
  });
});

describe('the user agent in words', () => {
  it.each([
    [WINDOWS_CHROME, 'Chrome', 'Windows'],
    [IPHONE_SAFARI, 'Safari', 'iPhone'],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Edge',
      'Windows',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:128.0) Gecko/20100101 Firefox/128.0',
      'Firefox',
      'macOS',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
      'Samsung Internet',
      'Android',
    ],
    [
      'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0 Mobile/15E148 Safari/604.1',
      'Chrome',
      'iPad',
    ],
    ['curl/8.5.0', null, null],
  ])('reads %s', (userAgent, browser, os) => {
    expect(describeUserAgent(userAgent)).toEqual({ browser, os });
  });
});

/** Needs a Redis server (REDIS_URL); CI provides one. */
describe.runIf(process.env.REDIS_URL)(
  'ending sessions with two instances sharing the database and Redis',
  () => {
    let a: TestApp;
    let b: TestApp;

    beforeAll(async () => {
      const shared = {
        REDIS_URL: process.env.REDIS_URL!,
        REALTIME_STREAM: `ray-test-sessions-${process.pid}`,
      };
      a = await createTestApp(shared, { sameDatabaseAs: t });
      b = await createTestApp(shared, { sameDatabaseAs: t });
    });

    afterAll(async () => {
      await b.close();
      await a.close();
    });

    const profileOn = (app: TestApp, token: string) =>
      app.app.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(token) });

    /** B's answer for the token, asked again until it changes or 2 s pass (its cache alone would hold 10 s). */
    async function statusOnB(token: string) {
      const deadline = Date.now() + 2_000;
      let status = (await profileOn(b, token)).statusCode;
      while (status === 200 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        status = (await profileOn(b, token)).statusCode;
      }
      return status;
    }

    it('refuses on instance B the tokens of a session ended through instance A', async () => {
      const user = await registerUser(a.app);
      const other = await signIn(user);
      // B has now seen the session as signed in and keeps that answer for a while.
      expect((await profileOn(b, other.token)).statusCode).toBe(200);
      const ended = await a.app.inject({
        method: 'DELETE',
        url: `/api/account/sessions/${sessionOf(other.token)}`,
        headers: bearer(user.token),
      });
      expect(ended.statusCode).toBe(200);
      expect(await statusOnB(other.token)).toBe(401);
      const refreshed = await b.app.inject({
        method: 'POST',
        url: '/api/account/refresh-token',
        payload: { refreshToken: other.refreshToken },
      });
      expect(refreshed.statusCode).toBe(401);
      expect((await profileOn(b, user.token)).statusCode).toBe(200);
    });

    it('refuses on instance B the sessions that A signed out as "others", and keeps the current one', async () => {
      const user = await registerUser(a.app);
      const other = await signIn(user);
      expect((await profileOn(b, other.token)).statusCode).toBe(200);
      expect((await profileOn(b, user.token)).statusCode).toBe(200);
      const ended = await a.app.inject({
        method: 'POST',
        url: '/api/account/sessions/sign-out-others',
        headers: bearer(user.token),
      });
      expect(ended.json()).toMatchObject({ ended: 1 });
      expect(await statusOnB(other.token)).toBe(401);
      expect((await profileOn(b, user.token)).statusCode).toBe(200);
    });
  },
);

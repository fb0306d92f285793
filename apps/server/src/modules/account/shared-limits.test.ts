import { randomUUID } from 'node:crypto';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { serverMsg } from '@ray/shared/server-messages.ar';
import * as passwords from '../../lib/passwords';
import { RateLimiter } from '../../lib/rate-limiter';
import { addressesIn, createTestApp, registerUser, type TestApp } from '../../test/test-app';

// The password checks stay the real ones; the test counts how many of them a burst of guesses gets.
vi.mock('../../lib/passwords', async (importOriginal) => {
  const original = await importOriginal<typeof passwords>();
  return { ...original, verifyPassword: vi.fn(original.verifyPassword) };
});

const redisUrl = process.env.REDIS_URL;

const newAddress = addressesIn('10.20');

/**
 * A deployment prefix of this run's own: the windows last up to an hour, and counts an earlier run left in the
 * same Redis under the same addresses would otherwise be counted here too.
 */
const prefix = `ray-test-${randomUUID().slice(0, 8)}:`;

function login(app: TestApp, username: string, password: string, address: string) {
  return app.app.inject({
    method: 'POST',
    url: '/api/account/login',
    payload: { username, password },
    remoteAddress: address,
  });
}

/** Needs a Redis server (REDIS_URL); CI provides one. */
describe.runIf(redisUrl)('rate limits shared by several instances through Redis', () => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    a = await createTestApp({ REDIS_URL: redisUrl!, REDIS_PREFIX: prefix });
    b = await createTestApp({ REDIS_URL: redisUrl!, REDIS_PREFIX: prefix }, { sameDatabaseAs: a });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('counts failed logins spread over two instances together', async () => {
    const user = await registerUser(a.app);
    const attacker = newAddress();
    for (let attempt = 1; attempt <= 5; attempt++) {
      const instance = attempt % 2 === 0 ? a : b;
      const response = await login(instance, user.email, `Wrong${attempt}xyz`, attacker);
      expect(response.statusCode, `attempt ${attempt}`).toBe(401);
    }
    for (const instance of [a, b]) {
      const sixth = await login(instance, user.email, 'Wrong6xyz', attacker);
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json()).toMatchObject({ code: 'RATE_LIMITED', message: serverMsg.tooManyLoginAttempts });
      expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(sixth.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    }
    expect((await login(b, user.email, user.password, newAddress())).statusCode).toBe(200);
  });

  it('checks the password no more than 5 times when 20 guesses arrive at once on two instances', async () => {
    const user = await registerUser(a.app);
    const attacker = newAddress();
    const before = vi.mocked(passwords.verifyPassword).mock.calls.length;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login(i % 2 === 0 ? a : b, user.email, `Wrong${i}xyz`, attacker)),
    );
    expect(vi.mocked(passwords.verifyPassword).mock.calls.length - before).toBe(5);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([...Array<number>(5).fill(401), ...Array<number>(15).fill(429)]);
  });

  it('stores exactly 5 of 12 contact messages sent at once to two instances from one address', async () => {
    const address = newAddress();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        (i % 2 === 0 ? a : b).app.inject({
          method: 'POST',
          url: '/api/contact',
          payload: {
            name: 'سارة العتيبي',
            email: 'sara.visitor@example.com',
            subject: `رسالة متزامنة رقم ${i + 1}`,
            message: 'رسالة تصل مع غيرها في اللحظة نفسها، ويجب أن يحسبها الحد كلها.',
            category: 'general',
          },
          remoteAddress: address,
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([...Array<number>(5).fill(201), ...Array<number>(7).fill(429)]);
  });

  it('keeps its counts in Redis under the deployment prefix', async () => {
    const address = newAddress();
    expect((await login(a, 'nobody.prefix@example.com', 'Wrong1xyz', address)).statusCode).toBe(401);
    const client = createClient({ url: redisUrl! });
    await client.connect();
    try {
      expect(await client.get(`${prefix}limit:login:address:${address}`)).toBe('1');
    } finally {
      await client.quit();
    }
  });

  it('forgets the failures on every instance after a successful sign-in', async () => {
    const user = await registerUser(a.app);
    const address = newAddress();
    for (let attempt = 1; attempt <= 4; attempt++)
      expect((await login(a, user.email, 'Wrong1xyz', address)).statusCode).toBe(401);
    expect((await login(b, user.email, user.password, address)).statusCode).toBe(200);
    // Instance A's four failures were forgotten too: A allows five more before refusing.
    for (let attempt = 1; attempt <= 5; attempt++)
      expect((await login(a, user.email, 'Wrong1xyz', address)).statusCode, `attempt ${attempt}`).toBe(401);
    expect((await login(a, user.email, 'Wrong1xyz', address)).statusCode).toBe(429);
  });
});

describe('rate limits while Redis cannot be reached', () => {
  const errors = { report: () => undefined };

  // A call that waited for the server (an offline queue) would never return, and the test would time out.
  it('still counts on this instance, exactly under a burst, and answers at once', async () => {
    const limiter = new RateLimiter({ url: 'redis://127.0.0.1:9', errors, prefix: 'ray:test-limit:' });
    const limit = { key: 'login:address:192.0.2.1', max: 3, windowSeconds: 60 };
    try {
      const started = performance.now();
      const waits = await Promise.all(Array.from({ length: 10 }, () => limiter.take([limit])));
      expect(performance.now() - started).toBeLessThan(1_000);
      expect(waits.filter((wait) => wait === 0)).toHaveLength(3);
      for (const wait of waits.filter((seconds) => seconds > 0)) {
        expect(wait).toBeGreaterThan(0);
        expect(wait).toBeLessThanOrEqual(60);
      }
      await limiter.clear(limit);
      expect(await limiter.take([limit])).toBe(0);
    } finally {
      await limiter.close();
    }
  });
});

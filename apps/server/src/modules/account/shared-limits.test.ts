import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg } from '@ray/shared/messages.ar';
import { RateLimiter, RedisRateLimitStore } from '../../lib/rate-limiter';
import { addressesIn, createTestApp, registerUser, type TestApp } from '../../test/test-app';

const redisUrl = process.env.REDIS_URL;

/** Addresses no earlier run against the same Redis has used within the 15-minute window. */
const newAddress = addressesIn(`10.${randomInt(1, 255)}`);

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
    a = await createTestApp({ REDIS_URL: redisUrl! });
    b = await createTestApp({ REDIS_URL: redisUrl! }, { sameDatabaseAs: a });
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
      expect(sixth.json()).toMatchObject({ code: 'RATE_LIMITED', message: msg.tooManyLoginAttempts });
      expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(sixth.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    }
    expect((await login(b, user.email, user.password, newAddress())).statusCode).toBe(200);
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
  it('still counts on this instance and answers at once', async () => {
    const store = new RedisRateLimitStore('redis://127.0.0.1:9', errors, 'ray:test-limit:');
    const limiter = new RateLimiter(store);
    const limit = { key: 'login:address:192.0.2.1', max: 3, windowSeconds: 60 };
    try {
      for (let i = 0; i < 3; i++) {
        expect(await limiter.blockedFor([limit])).toBe(0);
        await limiter.record([limit]);
      }
      const wait = await limiter.blockedFor([limit]);
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(60);
      await limiter.clear(limit.key);
      expect(await limiter.blockedFor([limit])).toBe(0);
    } finally {
      await limiter.close();
    }
  });
});

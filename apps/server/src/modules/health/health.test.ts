import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedis } from '../../faults/support';
import { createTestApp, eventually, type TestApp } from '../../test/test-app';
import { unusedPort } from '../../test/ports';

const REDIS_PORT = 6_462;

async function readyWhen(t: TestApp, redis: string) {
  return eventually(async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/ready' });
    const body = response.json<{ redis: string }>();
    return body.redis === redis ? response : undefined;
  }, 500);
}

describe('readiness without Redis', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '2', MAX_IN_FLIGHT: '1' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('is ready with the database and the storage up and Redis off', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready', database: 'up', redis: 'off', storage: 'up' });
  });

  it("is never refused for coming too often: a balancer's probes come from one address", async () => {
    const probes = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.app.inject({ method: 'GET', url: '/api/ready', remoteAddress: '10.9.0.1' }),
      ),
    );
    expect(probes.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
  });

  it('checks the database at most once a second however often it is asked', async () => {
    let pings = 0;
    const ping = t.database.ping.bind(t.database);
    t.database.ping = () => {
      pings += 1;
      return ping();
    };
    try {
      const started = Date.now();
      for (let i = 0; i < 20; i++) await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(pings).toBeLessThanOrEqual(Math.ceil((Date.now() - started) / 1000) + 1);
      expect(pings).toBeLessThan(20);
    } finally {
      t.database.ping = ping;
    }
  });
});

describe('readiness while a dependency is down', () => {
  let apart: TestApp | undefined;
  afterAll(async () => {
    await apart?.close();
  });

  it('stays 200 but degraded when Redis cannot be reached', async () => {
    apart = await createTestApp({ REDIS_URL: `redis://127.0.0.1:${await unusedPort()}` });
    const response = await readyWhen(apart, 'down');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'degraded', database: 'up', redis: 'down', storage: 'up' });
    await apart.close();
    apart = undefined;
  });

  it('reports Redis down while it refuses every command for want of the password', async () => {
    // A connection without the password is accepted and only each command is refused (NOAUTH): connected
    // clients alone would call this Redis healthy.
    const redis = await startRedis(REDIS_PORT);
    try {
      const admin = createClient({ url: redis.url });
      await admin.connect();
      await admin.configSet('requirepass', 'a-password-the-app-does-not-have');
      await admin.quit();
      apart = await createTestApp({ REDIS_URL: redis.url });
      const response = await readyWhen(apart, 'down');
      expect(response.json()).toMatchObject({ status: 'degraded', redis: 'down' });
      await apart.close();
      apart = undefined;
    } finally {
      await redis.stop();
    }
  });
});

describe('readiness while draining', () => {
  it('answers 503 with Retry-After and still names each dependency', async () => {
    const own = await createTestApp();
    try {
      own.app.drain();
      const response = await own.app.inject({ method: 'GET', url: '/api/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toEqual({ status: 'draining', database: 'up', redis: 'off', storage: 'up' });
    } finally {
      await own.close();
    }
  });
});

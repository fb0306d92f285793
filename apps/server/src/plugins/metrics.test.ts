import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REALTIME_PATH } from '@ray/shared/constants';
import type { Post } from '@ray/shared/schemas/post';
import { bearer, createTestApp, eventually, registerUser, type TestApp } from '../test/test-app';

const TOKEN = 'metrics-token-for-the-tests-0123456789';

/** The value of one series in Prometheus text, 0 when it is not there yet. */
function value(text: string, series: string): number {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('do not exist', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) });
    expect(response.statusCode).toBe(404);
  });
});

describe('metrics', () => {
  let t: TestApp;
  let socket: Socket | undefined;
  beforeAll(async () => {
    // One database connection, so that a held transaction makes the next query wait.
    t = await createTestApp({ METRICS_TOKEN: TOKEN, MAX_IN_FLIGHT: '2', DATABASE_POOL_SIZE: '1' });
  });
  afterAll(async () => {
    socket?.close();
    await t.close();
  });

  const scrape = async () => {
    const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.body;
  };

  it('refuses a scrape without the token or with a wrong one', async () => {
    const asked = (authorization?: string) =>
      t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, 'Bearer short', `Basic ${TOKEN}`]) {
      const response = await asked(authorization);
      expect(response.statusCode, authorization).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer');
      expect(response.body).not.toContain('http_request_duration_seconds');
    }
  });

  it('are not part of the API documentation', async () => {
    const spec = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(Object.keys(spec.json<{ paths: Record<string, unknown> }>().paths)).not.toContain('/metrics');
  });

  it('carry every series, and each moves with the work it counts', async () => {
    const before = await scrape();
    for (const name of [
      'http_request_duration_seconds_bucket',
      'http_requests_in_flight',
      'http_requests_shed_total',
      'db_pool_connections_in_use',
      'db_pool_requests_waiting',
      'realtime_open_sockets',
      'notifications_delivered_total',
      'periodic_job_duration_seconds',
      'dependency_up{dependency="database"} 1',
      'dependency_up{dependency="storage"} 1',
      'process_resident_memory_bytes',
    ])
      expect(before, name).toContain(name);
    // No Redis configured: no series that would read as "down".
    expect(before).not.toContain('dependency_up{dependency="redis"}');

    // Requests, by the pattern of their route: the tag in the URL is not a label.
    await t.app.inject({ method: 'GET', url: `/api/hashtags/${encodeURIComponent('قهوة')}/posts` });
    await t.app.inject({ method: 'GET', url: '/api/no-such-route/12345' });

    // Too many at once: refused with 503.
    const attempts = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/account/register',
          payload: {
            email: `metrics${i}@example.com`,
            username: `metrics${i}`,
            password: 'Secret123',
            confirmPassword: 'Secret123',
            firstName: 'نورة',
            lastName: 'علي',
          },
        }),
      ),
    );
    expect(attempts.some((response) => response.statusCode === 503)).toBe(true);

    // A comment notifies the author of the post, who has a socket open.
    const author = await registerUser(t.app);
    const commenter = await registerUser(t.app);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    socket = connect(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`, {
      path: REALTIME_PATH,
      auth: { token: author.token },
      transports: ['websocket'],
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) => {
      socket!.once('connect', resolve);
      socket!.once('connect_error', reject);
    });
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: bearer(author.token),
      payload: { content: 'منشور لقياس الإشعارات' },
    });
    expect(post.statusCode).toBe(201);
    const comment = await t.app.inject({
      method: 'POST',
      url: '/api/comments',
      headers: bearer(commenter.token),
      payload: { postId: post.json<Post>().id, content: 'تعليق يصل إشعاره' },
    });
    expect(comment.statusCode).toBe(201);

    const outcome = await t.app.jobs.runOnce({
      name: 'metrics-test',
      intervalMs: 60_000,
      run: async () => {},
    });
    expect(outcome).toBe('done');

    const after = await scrape();
    const moved = (series: string) => value(after, series) - value(before, series);
    expect(
      moved(
        'http_request_duration_seconds_count{method="GET",route="/api/hashtags/:name/posts",status="200"}',
      ),
    ).toBe(1);
    expect(moved('http_request_duration_seconds_count{method="GET",route="unmatched",status="404"}')).toBe(1);
    expect(after).not.toContain('no-such-route');
    expect(after).not.toContain('%D9%82');
    expect(moved('http_requests_shed_total{reason="overload"}')).toBeGreaterThan(0);
    expect(moved('notifications_delivered_total')).toBeGreaterThanOrEqual(1);
    expect(moved('realtime_open_sockets')).toBe(1);
    expect(moved('periodic_job_duration_seconds_count{job="metrics-test",outcome="done"}')).toBe(1);
  });

  it('show requests in flight and queries waiting for the database while it is busy', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let began = () => {};
    const holding = new Promise<void>((resolve) => {
      began = resolve;
    });
    const transaction = t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      began();
      await held;
    });
    await holding;
    const stuck = t.app.inject({ method: 'GET', url: `/api/hashtags/${encodeURIComponent('شاي')}/posts` });
    try {
      const busy = await eventually(async () => {
        const text = await scrape();
        return value(text, 'http_requests_in_flight') >= 1 && value(text, 'db_pool_requests_waiting') >= 1
          ? text
          : undefined;
      }, 50);
      expect(value(busy, 'db_pool_connections_in_use')).toBe(1);
    } finally {
      release();
      await transaction;
      await stuck;
    }
    const idle = await scrape();
    expect(value(idle, 'http_requests_in_flight')).toBe(0);
    expect(value(idle, 'db_pool_requests_waiting')).toBe(0);
  });
});

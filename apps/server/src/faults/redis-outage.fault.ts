import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { REALTIME_PATH } from '@ray/shared/constants';
import type { Notification } from '@ray/shared/realtime';
import {
  createPgCluster,
  registerAccount,
  send,
  startApp,
  startRedis,
  type AppProcess,
  type PgCluster,
  type RedisServer,
} from './support';

/**
 * Redis, which carries real-time events between two instances, goes away for a while. Signing in, posting and
 * reading must not notice; real-time must come back by itself; no notification created meanwhile may be missing.
 */

const OUTAGE_MS = Number(process.env.FAULT_REDIS_OUTAGE_MS ?? 60_000);
const PG_PORT = 25_433;
const REDIS_PORT = 6_391;

let cluster: PgCluster;
let redis: RedisServer;
let a: AppProcess;
let b: AppProcess;
let socket: Socket | undefined;

beforeAll(async () => {
  cluster = createPgCluster(PG_PORT);
  redis = await startRedis(REDIS_PORT);
  // Both instances share the database, the stream and the token key, as behind a load balancer.
  const env = {
    DATABASE_URL: cluster.url,
    REDIS_URL: redis.url,
    REALTIME_STREAM: 'ray:fault',
    JWT_SECRET: randomBytes(32).toString('hex'),
  };
  a = await startApp(3_902, env);
  b = await startApp(3_903, env);
}, 180_000);

afterAll(async () => {
  socket?.close();
  await a.stop();
  await b.stop();
  await redis.stop();
  cluster.destroy();
});

it(
  'keeps signing in, posting and reading while Redis is away, and real-time comes back by itself',
  async () => {
    const author = await registerAccount(a.base, 'redisauthor');
    const commenter = await registerAccount(a.base, 'rediscommenter');
    const received: Notification[] = [];
    socket = connect(b.base, {
      path: REALTIME_PATH,
      auth: { token: author.token },
      transports: ['websocket'],
    });
    socket.on('ReceiveNotification', (notification: Notification) => received.push(notification));
    await new Promise<void>((resolve, reject) => {
      socket!.once('connect', resolve);
      socket!.once('connect_error', reject);
    });

    const postIds: number[] = [];
    async function commentOnNewPost(label: string) {
      const post = await send(a.base, 'POST', '/api/posts', {
        token: author.token,
        body: { content: `منشور لاختبار انقطاع ريدس ${label}` },
      });
      expect(post.status).toBe(201);
      const postId = (post.body as { id: number }).id;
      const comment = await send(a.base, 'POST', '/api/comments', {
        token: commenter.token,
        body: { postId, content: `تعليق ${label}` },
      });
      expect(comment.status).toBe(201);
      postIds.push(postId);
      return postId;
    }

    async function arrives(postId: number, withinMs: number) {
      const deadline = Date.now() + withinMs;
      while (Date.now() < deadline) {
        if (received.some((notification) => notification.postId === postId)) return true;
        await sleep(50);
      }
      return false;
    }

    // Across instances through Redis: written on A, delivered on B.
    expect(await arrives(await commentOnNewPost('قبل الانقطاع'), 5_000)).toBe(true);

    await redis.stop();
    const outageEnds = Date.now() + OUTAGE_MS;
    let round = 0;
    while (Date.now() < outageEnds) {
      round += 1;
      const login = await send(a.base, 'POST', '/api/account/login', {
        body: { username: commenter.email, password: commenter.password, rememberMe: false },
      });
      expect(login.status).toBe(200);
      expect(login.ms).toBeLessThan(5_000);
      await commentOnNewPost(`أثناء الانقطاع ${round}`);
      const feed = await send(b.base, 'GET', '/api/posts/paginated?pageSize=10');
      expect(feed.status).toBe(200);
      // About one comment every two seconds keeps the whole run inside one page of the list (50).
      await sleep(2_000);
    }
    await redis.start();

    // Real-time resumes without anyone reconnecting by hand.
    let resumed = false;
    const resumeDeadline = Date.now() + 30_000;
    while (!resumed && Date.now() < resumeDeadline) {
      resumed = await arrives(await commentOnNewPost(`بعد العودة ${Date.now()}`), 2_000);
    }
    expect(resumed).toBe(true);

    // Nothing created meanwhile is missing from the author's list.
    const list = await send(b.base, 'GET', '/api/notifications/user?limit=50', { token: author.token });
    expect(list.status).toBe(200);
    expect(postIds.length).toBeLessThanOrEqual(50);
    const listed = new Set((list.body as Notification[]).map((notification) => notification.postId));
    expect(postIds.filter((id) => !listed.has(id))).toEqual([]);
    expect(a.child.exitCode).toBeNull();
    expect(b.child.exitCode).toBeNull();
  },
  OUTAGE_MS + 180_000,
);

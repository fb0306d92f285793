import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { createClient } from 'redis';
import sharp from 'sharp';
import {
  HttpTransportType,
  HubConnectionBuilder,
  HubConnectionState,
  LogLevel,
  type HubConnection,
  type IHttpConnectionOptions,
} from '@microsoft/signalr';
import { io as connect, type Socket } from 'socket.io-client';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REALTIME_PATH } from '@ray/shared/constants';
import type { Notification } from '@ray/shared/realtime';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { PeriodicJobs } from '../lib/periodic';
import { removeExpired } from '../modules/maintenance/cleanup';
import { registerAccount, send, type Answer } from '../faults/support';
import { startSite, withLogs, type Instance, type Site } from './topology';

/**
 * Two instances on one PostgreSQL, one Redis and one bucket behind nginx behave as one site: whatever one
 * instance did, the other and the balancer see. Started together on an empty database without JWT_SECRET, with
 * their own Redis prefix.
 */

const REDIS_PREFIX = 'clustertest:';
/** The general `/api` limit per address and minute the instances run with. */
const API_LIMIT = 400;
/** Failed logins for one account from one address, and from one address across accounts (account.service). */
const LOGIN_ACCOUNT_MAX = 5;
const LOGIN_ADDRESS_MAX = 30;
/** How long an instance may keep showing a post that is gone: its page cache (2 s) and some room to render. */
const STALENESS_MS = 3_000;

const migrationsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

let site: Site | undefined;
let a: Instance;
let b: Instance;
let balancer: string;

/** A client address of its own for each check (sent as X-Forwarded-For), so their rate limits never meet. */
let addresses = 0;
const nextAddress = () => {
  addresses += 1;
  return `198.18.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
};

const from = (address: string) => ({
  send: (
    base: string,
    method: string,
    url: string,
    options: { token?: string; body?: unknown } = {},
  ): Promise<Answer> => send(base, method, url, { ...options, headers: { 'x-forwarded-for': address } }),
});

const check = (name: string, body: () => Promise<void>, timeout?: number) => {
  it(name, () => withLogs(() => site, body), timeout);
};

beforeAll(async () => {
  site = await startSite({
    instances: 2,
    redisPrefix: REDIS_PREFIX,
    env: { RATE_LIMIT_PER_MINUTE: String(API_LIMIT) },
  });
  [a, b] = site.instances as [Instance, Instance];
  balancer = site.nginx.base;
}, 180_000);

afterAll(async () => {
  await site?.stop();
}, 60_000);

async function query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: site!.pg.url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

async function connectSocket(base: string, token: string): Promise<Socket> {
  const socket = connect(base, {
    path: REALTIME_PATH,
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
    timeout: 5_000,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => {
      resolve();
    });
    socket.once('connect_error', (error) => {
      reject(new Error(`socket to ${base} refused: ${error.message}`));
    });
  });
  return socket;
}

/** Resolves with the first notification of `type` about `postId`, or rejects after `ms`. */
function notificationOn(socket: Socket, postId: number, type: string, ms = 5_000): Promise<Notification> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off('ReceiveNotification', listener);
      reject(new Error(`no ${type} notification about post ${postId} within ${ms} ms`));
    }, ms);
    const listener = (notification: Notification) => {
      if (notification.postId !== postId || notification.type !== type) return;
      clearTimeout(timer);
      socket.off('ReceiveNotification', listener);
      resolve(notification);
    };
    socket.on('ReceiveNotification', listener);
  });
}

describe('one site on several instances', () => {
  check(
    'runs each migration once and keeps one signing key and one push key pair in the database',
    async () => {
      const journal = JSON.parse(readFileSync(path.join(migrationsDir, 'meta/_journal.json'), 'utf8')) as {
        entries: { when: number; tag: string }[];
      };
      const applied = await query<{ created_at: string }>(
        'select created_at from drizzle.__drizzle_migrations order by created_at',
      );
      expect(applied.map((row) => Number(row.created_at))).toEqual(
        journal.entries.map((entry) => entry.when).sort((x, y) => x - y),
      );
      const secrets = await query<{ name: string; length: number }>(
        'select name, length(value) as length from app_secrets order by name',
      );
      expect(secrets).toEqual([
        { name: 'jwt-secret', length: expect.any(Number) as number },
        { name: 'web-push-vapid', length: expect.any(Number) as number },
      ]);
      expect(secrets[0]!.length).toBeGreaterThanOrEqual(32);
      // Both instances sign pushes with the pair in the database, so a browser subscribed through one is reached by both.
      const client = from(nextAddress());
      const keys = await Promise.all(
        [a.base, b.base].map(async (base) => (await client.send(base, 'GET', '/api/push/public-key')).body),
      );
      expect(keys[0]).toEqual({ publicKey: expect.stringMatching(/^[\w-]{87}$/) as string });
      expect(keys[1]).toEqual(keys[0]);
    },
  );

  check('keeps a sign-in made on one instance on the other and through the balancer', async () => {
    const client = from(nextAddress());
    const user = await registerAccount(a.base, 'signin');
    const login = await client.send(a.base, 'POST', '/api/account/login', {
      body: { username: user.email, password: user.password, rememberMe: true },
    });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    const { token, refreshToken } = login.body as { token: string; refreshToken: string };

    // The balancer alternates, so two calls through it reach both instances.
    for (const base of [b.base, balancer, balancer]) {
      const profile = await client.send(base, 'GET', '/api/users/profile', { token });
      expect(profile.status, `${base}: ${JSON.stringify(profile.body)}`).toBe(200);
      expect(profile.body).toMatchObject({ email: user.email });
    }

    const refreshed = await client.send(b.base, 'POST', '/api/account/refresh-token', {
      body: { refreshToken },
    });
    expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
    const next = refreshed.body as { token: string; refreshToken: string };
    expect((await client.send(a.base, 'GET', '/api/users/profile', { token: next.token })).status).toBe(200);

    const again = await client.send(balancer, 'POST', '/api/account/refresh-token', {
      body: { refreshToken: next.refreshToken },
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
  });

  check('serves from every instance an image uploaded through one', async () => {
    const address = nextAddress();
    const user = await registerAccount(a.base, 'upload');
    const png = await sharp({
      create: { width: 96, height: 64, channels: 3, background: { r: 40, g: 160, b: 110 } },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'picture.png');
    const response = await fetch(`${a.base}/api/attachment/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}`, 'x-forwarded-for': address },
      body: form,
    });
    const uploaded = (await response.json()) as { url: string; thumbnailUrl: string };
    expect(response.status, JSON.stringify(uploaded)).toBe(201);
    expect(uploaded.url).toMatch(/^\/uploads\/original\/[a-f0-9]{32}\.webp$/);

    const stored = await site!.s3.read(uploaded.url.slice('/uploads/'.length));
    expect(stored, 'the original is in the bucket').not.toBeNull();
    for (const base of [b.base, balancer, balancer, a.base]) {
      const served = await fetch(`${base}${uploaded.url}`, { headers: { 'x-forwarded-for': address } });
      expect(served.status, `${base}${uploaded.url}`).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      const bytes = Buffer.from(await served.arrayBuffer());
      expect(bytes.equals(stored!), `${base} served the stored bytes`).toBe(true);
    }
    const image = await sharp(stored!).metadata();
    expect({ format: image.format, width: image.width, height: image.height }).toEqual({
      format: 'webp',
      width: 96,
      height: 64,
    });
  });

  check('pushes to sockets held by other instances what was caused through one', async () => {
    const client = from(nextAddress());
    const author = await registerAccount(a.base, 'hubauthor');
    const commenter = await registerAccount(a.base, 'hubcommenter');
    // One socket straight on B, two through the balancer (a WebSocket upgrade each), which land on both.
    const sockets = [
      await connectSocket(b.base, author.token),
      await connectSocket(balancer, author.token),
      await connectSocket(balancer, author.token),
    ];
    try {
      const post = await client.send(a.base, 'POST', '/api/posts', {
        token: author.token,
        body: { content: 'منشور ينتظر تعليقًا من خادم آخر' },
      });
      expect(post.status, JSON.stringify(post.body)).toBe(201);
      const postId = (post.body as { id: number }).id;
      const received = sockets.map((socket) => notificationOn(socket, postId, 'comment'));
      const comment = await client.send(a.base, 'POST', '/api/comments', {
        token: commenter.token,
        body: { postId, content: 'تعليق عبر الخادم الأول' },
      });
      expect(comment.status, JSON.stringify(comment.body)).toBe(201);
      const notifications = await Promise.all(received);
      for (const notification of notifications)
        expect(notification).toMatchObject({ type: 'comment', postId });
    } finally {
      for (const socket of sockets) socket.close();
    }
  });

  check(
    'keeps a SignalR connection on its instance through the balancer, across a stateful reconnect',
    async () => {
      const client = from(nextAddress());
      const author = await registerAccount(a.base, 'signalrauthor');
      const commenter = await registerAccount(a.base, 'signalrcommenter');
      // While the gate is shut the clients cannot come back: their sockets are cut, and a comment is made.
      let gate: Promise<void> = Promise.resolve();
      let openGate = () => {};
      const received: Notification[][] = [];
      const connections: HubConnection[] = [];
      // Several connections, whose tokens hash to both instances: each reconnect must find its own instance again.
      for (let i = 0; i < 4; i++) {
        const options: IHttpConnectionOptions & { WebSocket: unknown } = {
          accessTokenFactory: async () => {
            await gate;
            return author.token;
          },
          transport: HttpTransportType.WebSockets,
          headers: { 'x-forwarded-for': nextAddress() },
          WebSocket,
        };
        const connection = new HubConnectionBuilder()
          .withUrl(`${balancer}/notifications`, options)
          .withStatefulReconnect()
          .configureLogging(LogLevel.None)
          .build();
        const mine: Notification[] = [];
        connection.on('ReceiveNotification', (notification: Notification) => mine.push(notification));
        received.push(mine);
        connections.push(connection);
        await connection.start();
      }
      const comment = async (postId: number, content: string) => {
        const answer = await client.send(a.base, 'POST', '/api/comments', {
          token: commenter.token,
          body: { postId, content },
        });
        expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      };
      const waitFor = async (count: number) => {
        const deadline = Date.now() + 10_000;
        while (received.some((mine) => mine.length < count) && Date.now() < deadline) await sleep(20);
        expect(received.map((mine) => mine.length)).toEqual(received.map(() => count));
      };
      try {
        const post = await client.send(a.base, 'POST', '/api/posts', {
          token: author.token,
          body: { content: 'منشور لعملاء SignalR' },
        });
        expect(post.status, JSON.stringify(post.body)).toBe(201);
        const postId = (post.body as { id: number }).id;
        await comment(postId, 'قبل الانقطاع');
        await waitFor(1);

        gate = new Promise((resolve) => (openGate = resolve));
        for (const connection of connections) {
          (
            connection as unknown as { connection: { transport: { _webSocket: WebSocket } } }
          ).connection.transport._webSocket.terminate();
        }
        await sleep(300);
        await comment(postId, 'أثناء الانقطاع');
        openGate();
        await waitFor(2);
        for (const mine of received) expect(mine[1]!.content).toContain('أثناء الانقطاع');
        for (const connection of connections) expect(connection.state).toBe(HubConnectionState.Connected);
      } finally {
        openGate();
        await Promise.all(connections.map((connection) => connection.stop()));
      }
    },
  );

  check('refuses failed logins spread over instances at the same attempt as on one', async () => {
    const user = await registerAccount(a.base, 'limits');
    const attempt = (client: ReturnType<typeof from>, base: string, password = 'Wrong-password-1') =>
      client
        .send(base, 'POST', '/api/account/login', { body: { username: user.email, password } })
        .then((answer) => answer.status);

    const alone = from(nextAddress());
    const onOne: number[] = [];
    for (let i = 0; i <= LOGIN_ACCOUNT_MAX; i++) onOne.push(await attempt(alone, a.base));

    const spread = from(nextAddress());
    const targets = [a.base, b.base, balancer];
    const onMany: number[] = [];
    for (let i = 0; i <= LOGIN_ACCOUNT_MAX; i++) onMany.push(await attempt(spread, targets[i % 3]!));

    const expected = [...Array<number>(LOGIN_ACCOUNT_MAX).fill(401), 429];
    expect(onOne).toEqual(expected);
    expect(onMany).toEqual(expected);
    // The right password is refused too while the block lasts, wherever it is tried.
    for (const base of targets) expect(await attempt(spread, base, user.password)).toBe(429);

    // Across accounts, one address meets its own limit, also counted by the whole site.
    const scanner = from(nextAddress());
    const statuses: number[] = [];
    for (let i = 0; i <= LOGIN_ADDRESS_MAX; i++) {
      const answer = await scanner.send(targets[i % 3]!, 'POST', '/api/account/login', {
        body: { username: `nobody${i}.${randomBytes(3).toString('hex')}@example.com`, password: 'Wrong-1x' },
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([...Array<number>(LOGIN_ADDRESS_MAX).fill(401), 429]);
  });

  check('counts the general /api limit across instances', async () => {
    const client = from(nextAddress());
    const targets = [a.base, b.base, balancer];
    const statuses: number[] = [];
    const batch = 20;
    for (let sent = 0; sent < API_LIMIT; sent += batch) {
      const answers = await Promise.all(
        Array.from({ length: Math.min(batch, API_LIMIT - sent) }, (_, i) =>
          client.send(targets[(sent + i) % 3]!, 'GET', '/api/config'),
        ),
      );
      statuses.push(...answers.map((answer) => answer.status));
    }
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    // Each instance saw about a third of them, far under the limit by its own count.
    for (const base of targets) {
      const refused = await client.send(base, 'GET', '/api/config');
      expect(refused.status, base).toBe(429);
    }
  });

  it('runs a periodic job on one instance at a time', async () => {
    const logger = { warn: () => undefined } as unknown as FastifyBaseLogger;
    const handles: DatabaseHandle[] = [];
    try {
      for (let i = 0; i < 2; i++)
        handles.push(await openDatabase({ databaseUrl: site!.pg.url, poolSize: 2 }));
      const runners = handles.map(
        (handle) =>
          new PeriodicJobs({ tryExclusive: (lock, work) => handle.tryExclusive(lock, work), logger }),
      );
      let running = 0;
      let most = 0;
      const job = (name: string, handle: DatabaseHandle) => ({
        name,
        intervalMs: 60_000,
        run: async () => {
          running += 1;
          most = Math.max(most, running);
          await removeExpired(handle.db);
          await sleep(500);
          running -= 1;
        },
      });
      const together = await Promise.all(
        runners.map((runner, i) => runner.runOnce(job('remove-expired', handles[i]!))),
      );
      expect(together.sort()).toEqual(['done', 'skipped']);
      expect(most).toBe(1);
      // The lock went with the run: the next tick runs wherever it comes first.
      expect(await runners[1]!.runOnce(job('remove-expired', handles[1]!))).toBe('done');
      // Locks are per job: two different jobs do run at the same time.
      running = 0;
      most = 0;
      const different = await Promise.all(
        runners.map((runner, i) => runner.runOnce(job(`cluster-probe-${i}`, handles[i]!))),
      );
      expect(different).toEqual(['done', 'done']);
      expect(most).toBe(2);
    } finally {
      await Promise.all(handles.map((handle) => handle.close()));
    }
  });

  describe('a post that goes away leaves every instance within the staleness', () => {
    interface Watched {
      id: number;
      marker: string;
      userId: string;
    }

    /**
     * Where the post shows: on each instance its API answer, its page, the home page, the home feed and its
     * author's list. Each look comes from a new address, so that looking never meets the rate limit.
     */
    async function placesShowing(post: Watched): Promise<{ showing: string[]; errors: string[] }> {
      const client = from(nextAddress());
      const errors: string[] = [];
      const looks = [a, b].flatMap((instance) => [
        client.send(instance.base, 'GET', `/api/posts/${post.id}`).then((answer) => {
          if (answer.status === 200) return `${instance.name} GET /api/posts/${post.id}`;
          if (answer.status !== 404)
            errors.push(`${instance.name} GET /api/posts/${post.id} → ${answer.status}`);
          return null;
        }),
        ...[`/posts/${post.id}`, '/'].map((page) =>
          client.send(instance.base, 'GET', page).then((answer) => {
            if (answer.status !== 200) errors.push(`${instance.name} page ${page} → ${answer.status}`);
            return String(answer.body).includes(post.marker) ? `${instance.name} page ${page}` : null;
          }),
        ),
        ...['/api/posts/paginated?pageSize=50', `/api/posts/paginated?pageSize=50&userId=${post.userId}`].map(
          (list) =>
            client.send(instance.base, 'GET', list).then((answer) => {
              if (answer.status !== 200) errors.push(`${instance.name} GET ${list} → ${answer.status}`);
              const items = (answer.body as { items?: { id: number }[] }).items ?? [];
              return items.some((item) => item.id === post.id) ? `${instance.name} GET ${list}` : null;
            }),
        ),
      ]);
      const showing = (await Promise.all(looks)).filter((place): place is string => place !== null);
      return { showing, errors };
    }

    const PLACES = 10;

    /** Looks again until `done` holds, at most the staleness; answers the last look. */
    async function within(post: Watched, done: (showing: string[]) => boolean) {
      const deadline = Date.now() + STALENESS_MS;
      let look = await placesShowing(post);
      while (!(done(look.showing) && look.errors.length === 0) && Date.now() < deadline) {
        await sleep(100);
        look = await placesShowing(post);
      }
      expect(look.errors).toEqual([]);
      return look.showing;
    }

    async function publishAndSee(token: string, userId: string): Promise<Watched> {
      const marker = `cluster${randomBytes(6).toString('hex')}`;
      const created = await from(nextAddress()).send(a.base, 'POST', '/api/posts', {
        token,
        body: { content: `منشور سيختفي ${marker}` },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const post = { id: (created.body as { id: number }).id, marker, userId };
      // A new post reaches every place as well, within the same staleness; each instance then holds it in
      // its caches (pages, lists), which is what must not outlive its going away.
      const showing = await within(post, (places) => places.length === PLACES);
      expect(showing, 'every place shows the new post').toHaveLength(PLACES);
      return post;
    }

    async function goneEverywhere(post: Watched) {
      const showing = await within(post, (places) => places.length === 0);
      expect(showing, `still showing ${STALENESS_MS} ms after it went`).toEqual([]);
    }

    check('deleted through one instance', async () => {
      const client = from(nextAddress());
      const author = await registerAccount(a.base, 'deleter');
      const post = await publishAndSee(author.token, author.userId);
      const deleted = await client.send(b.base, 'POST', `/api/posts/${post.id}/delete`, {
        token: author.token,
      });
      expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
      await goneEverywhere(post);
    });

    check('hidden by a moderator through one instance', async () => {
      const client = from(nextAddress());
      const author = await registerAccount(a.base, 'hidden');
      const reporter = await registerAccount(a.base, 'reporter');
      const moderator = await registerAccount(a.base, 'moderator');
      await query('update users set role = $1 where id = $2', ['moderator', moderator.userId]);
      // Signed in again, so that the token carries the role.
      const login = await client.send(b.base, 'POST', '/api/account/login', {
        body: { username: moderator.email, password: moderator.password },
      });
      expect(login.status, JSON.stringify(login.body)).toBe(200);
      const moderatorToken = (login.body as { token: string }).token;

      const post = await publishAndSee(author.token, author.userId);
      const report = await client.send(a.base, 'POST', '/api/reports', {
        token: reporter.token,
        body: { postId: post.id, reason: 'Spam' },
      });
      expect(report.status, JSON.stringify(report.body)).toBe(201);
      const reportId = (report.body as { report: { id: number } }).report.id;
      const processed = await client.send(b.base, 'PUT', `/api/reports/${reportId}/process`, {
        token: moderatorToken,
        body: { status: 3 },
      });
      expect(processed.status, JSON.stringify(processed.body)).toBe(200);
      await goneEverywhere(post);
    });
  });

  check('keeps every Redis key and channel under its prefix', async () => {
    const client = from(nextAddress());
    const user = await registerAccount(a.base, 'prefix');
    const commenter = await registerAccount(a.base, 'prefixcomment');
    // A notification, so that the instances have written to their shared stream.
    const post = await client.send(a.base, 'POST', '/api/posts', {
      token: user.token,
      body: { content: 'منشور يبدأ حركة في Redis' },
    });
    const postId = (post.body as { id: number }).id;
    expect(
      (
        await client.send(b.base, 'POST', '/api/comments', {
          token: commenter.token,
          body: { postId, content: 'تعليق' },
        })
      ).status,
    ).toBe(201);
    // A socket whose connection drops (a closed tab, a lost network) rather than saying goodbye: the server
    // keeps its state for a while, so that it can resume.
    const socket = await connectSocket(a.base, user.token);
    socket.io.engine.close();
    await sleep(500);

    const redis = createClient({ url: site!.redis.url });
    await redis.connect();
    try {
      const keys = (await redis.keys('*')).sort();
      // Soft, so that the checks below still report.
      expect
        .soft(
          keys.filter((key) => !key.startsWith(REDIS_PREFIX)),
          `keys outside ${REDIS_PREFIX} (of ${keys.length})`,
        )
        .toEqual([]);
      expect(keys).toContain(`${REDIS_PREFIX}realtime`);
      expect(await redis.type(`${REDIS_PREFIX}realtime`)).toBe('stream');
      expect(keys.some((key) => key.startsWith(`${REDIS_PREFIX}limit:`))).toBe(true);
      const channels = await redis.pubSubChannels();
      expect(
        channels.filter((channel) => !channel.startsWith(REDIS_PREFIX)),
        `channels: ${channels.join(', ')}`,
      ).toEqual([]);
    } finally {
      await redis.quit();
    }
  });
  // Last: it takes instance B away. A rolling restart must not show visitors a single error.
  check('keeps answering through the balancer while an instance drains and stops', async () => {
    const visitor = from(nextAddress());
    const stopping = b.stop();
    const statuses: number[] = [];
    // Through the drain (1 s) and past the exit, well under the per-address limit.
    for (let round = 0; round < 30; round++) {
      const answers = await Promise.all(
        Array.from({ length: 4 }, () => visitor.send(balancer, 'GET', '/api/config')),
      );
      statuses.push(...answers.map((answer) => answer.status));
      await sleep(80);
    }
    expect(await stopping, 'instance B exits cleanly').toBe(0);
    expect(statuses.length).toBeGreaterThan(20);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    expect((await visitor.send(a.base, 'GET', '/api/ready')).status).toBe(200);
  });
});

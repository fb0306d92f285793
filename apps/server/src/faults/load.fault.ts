import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { REALTIME_PATH } from '@ray/shared/constants';
import { checkCounters } from '../test/counters';
import {
  createPgCluster,
  registerAccount,
  send,
  startApp,
  startRedis,
  type Answer,
  type AppProcess,
  type PgCluster,
  type RedisServer,
} from './support';

/**
 * Two minutes of posting, voting, commenting and reading with 500 sockets connected: no errors, no lost write,
 * every counter equal to its rows afterwards, no socket dropped.
 */

const DURATION_MS = Number(process.env.LOAD_DURATION_MS ?? 120_000);
const USERS = 20;
const SOCKETS = 500;
const WORKERS = 16;

let cluster: PgCluster;
let redis: RedisServer;
let app: AppProcess;
const sockets: Socket[] = [];

beforeAll(async () => {
  cluster = createPgCluster(25_434);
  redis = await startRedis(6_392);
  app = await startApp(3_905, { DATABASE_URL: cluster.url, REDIS_URL: redis.url, MAX_IN_FLIGHT: '10000' });
}, 180_000);

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await app.stop();
  await redis.stop();
  cluster.destroy();
});

type VotingType = 'like-dislike' | 'rating' | 'poll';
interface LivePost {
  id: number;
  type: VotingType;
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

it(
  'serves two minutes of mixed load without an error, a lost write or a wrong counter',
  async () => {
    const { base } = app;
    const users = await Promise.all(
      Array.from({ length: USERS }, (_, i) => registerAccount(base, `load${i}`)),
    );

    let disconnects = 0;
    await Promise.all(
      Array.from({ length: SOCKETS }, async (_, i) => {
        const socket = connect(base, {
          path: REALTIME_PATH,
          auth: { token: users[i % USERS]!.token },
          transports: ['websocket'],
        });
        sockets.push(socket);
        await new Promise<void>((resolve, reject) => {
          socket.once('connect', resolve);
          socket.once('connect_error', reject);
        });
        socket.on('disconnect', () => (disconnects += 1));
      }),
    );

    const posts: LivePost[] = [];
    const pollVotes = new Set<string>();
    const writtenPosts = new Map<number, string>();
    const writtenComments = new Map<number, string>();
    const failures: string[] = [];
    let sequence = 0;
    let requests = 0;

    function check(label: string, answer: Answer) {
      requests += 1;
      if (answer.status < 200 || answer.status >= 300)
        failures.push(`${label}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
      return answer.status >= 200 && answer.status < 300;
    }

    async function createPost(token: string) {
      sequence += 1;
      const type = pick<VotingType>(['like-dislike', 'rating', 'poll']);
      const content = `منشور اختبار الحمل رقم ${sequence} #اختبار_الحمل`;
      const answer = await send(base, 'POST', '/api/posts', {
        token,
        body: {
          content,
          votingType: type,
          pollOptions: type === 'poll' ? JSON.stringify(['نعم', 'لا', 'ربما']) : null,
        },
      });
      if (check('create post', answer)) {
        const id = (answer.body as { id: number }).id;
        posts.push({ id, type });
        writtenPosts.set(id, content);
      }
    }

    async function vote(userIndex: number) {
      const post = pick(posts);
      let value: number;
      if (post.type === 'like-dislike') value = pick([1, -1]);
      else if (post.type === 'rating') value = 1 + Math.floor(Math.random() * 5);
      else {
        // A poll takes one vote per person.
        const key = `${userIndex}:${post.id}`;
        if (pollVotes.has(key)) return;
        pollVotes.add(key);
        value = Math.floor(Math.random() * 3);
      }
      check(
        'vote',
        await send(base, 'POST', '/api/votes', {
          token: users[userIndex]!.token,
          body: { postId: post.id, value },
        }),
      );
    }

    async function comment(token: string) {
      sequence += 1;
      const post = pick(posts);
      const content = `تعليق اختبار الحمل رقم ${sequence}`;
      const answer = await send(base, 'POST', '/api/comments', { token, body: { postId: post.id, content } });
      if (check('comment', answer)) writtenComments.set((answer.body as { id: number }).id, content);
    }

    async function read(token: string) {
      const post = pick(posts);
      const path = pick([
        '/api/posts/paginated?pageSize=10',
        `/api/posts/${post.id}`,
        `/api/comments?postId=${post.id}`,
        '/api/notifications/user/unread-count',
      ]);
      check(`read ${path}`, await send(base, 'GET', path, { token }));
    }

    for (const user of users.slice(0, 5)) await createPost(user.token);

    const ends = Date.now() + DURATION_MS;
    await Promise.all(
      Array.from({ length: WORKERS }, async () => {
        while (Date.now() < ends) {
          const userIndex = Math.floor(Math.random() * USERS);
          const token = users[userIndex]!.token;
          const roll = Math.random();
          if (roll < 0.1) await createPost(token);
          else if (roll < 0.5) await vote(userIndex);
          else if (roll < 0.7) await comment(token);
          else await read(token);
        }
      }),
    );

    expect(failures.slice(0, 10)).toEqual([]);
    expect(requests).toBeGreaterThan(1_000);
    expect(disconnects).toBe(0);
    expect(app.child.exitCode).toBeNull();
    await sleep(500);

    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    try {
      const storedPosts = await client.query<{ id: string; content: string }>(
        'select id, content from posts where id = any($1::bigint[])',
        [[...writtenPosts.keys()]],
      );
      expect(storedPosts.rows.length).toBe(writtenPosts.size);
      for (const row of storedPosts.rows) expect(row.content).toBe(writtenPosts.get(Number(row.id)));
      const storedComments = await client.query<{ id: string; content: string }>(
        'select id, content from comments where id = any($1::bigint[])',
        [[...writtenComments.keys()]],
      );
      expect(storedComments.rows.length).toBe(writtenComments.size);
      for (const row of storedComments.rows) expect(row.content).toBe(writtenComments.get(Number(row.id)));
      const counters = await checkCounters(client);
      expect(counters.mismatches).toEqual({ votes: 0, comments: 0, users: 0, hashtags: 0 });
      expect(counters.ok).toBe(true);
    } finally {
      await client.end();
    }
  },
  DURATION_MS + 240_000,
);

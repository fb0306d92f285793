import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { msg } from '@ray/shared/messages.ar';
import { serverMsg } from '@ray/shared/server-messages.ar';
import { ANALYTICS_BATCHES_PER_MINUTE, type AnalyticsDaily } from '@ray/shared/schemas/analytics';
import { analyticsEvents, comments, posts, users, votes } from '../../db/schema';
import { registerWithRole } from '../../test/roles';
import { recordedDailyQuery } from './analytics.repository';
import { bearer, createTestApp, registerUser, type TestApp, type TestUser } from '../../test/test-app';

let t: TestApp;
let admin: TestUser;
let moderator: TestUser;
let user: TestUser;
let address = 0;

/** Each request from its own address, so the per-address limit only matters in the test about it. */
const send = (payload: unknown, options: { token?: string; contentType?: string; ip?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/analytics/events',
    remoteAddress: options.ip ?? `198.51.100.${(address = (address % 250) + 1)}`,
    headers: {
      'content-type': options.contentType ?? 'application/json',
      ...(options.token ? bearer(options.token) : {}),
    },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

const stored = () => t.database.db.select().from(analyticsEvents).orderBy(analyticsEvents.id);

beforeAll(async () => {
  t = await createTestApp();
  admin = await registerWithRole(t, 'admin');
  moderator = await registerWithRole(t, 'moderator');
  user = await registerUser(t.app);
});
beforeEach(async () => {
  await t.database.db.delete(analyticsEvents);
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/analytics/events', () => {
  it('stores a visitor batch in order with 204, keeping the path without its query', async () => {
    const response = await send({
      events: [
        { name: 'search', path: '/search?q=قهوة#top', properties: { source: 'header', length: 4 } },
        { name: 'page_time', path: '/trends', properties: { seconds: 12 } },
        { name: 'error' },
      ],
    });
    expect(response.statusCode, response.body).toBe(204);
    expect(response.body).toBe('');
    const rows = await stored();
    expect(rows.map((row) => [row.name, row.userId, row.path, row.properties])).toEqual([
      ['search', null, '/search', { source: 'header', length: 4 }],
      ['page_time', null, '/trends', { seconds: 12 }],
      ['error', null, null, null],
    ]);
    expect(rows[0]!.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('takes the user from the access token, never from the body', async () => {
    const response = await send(
      {
        userId: admin.userId,
        events: [{ name: 'vote', userId: admin.userId, properties: { type: 'poll' } }],
      },
      { token: user.token },
    );
    expect(response.statusCode, response.body).toBe(204);
    const anonymous = await send({ userId: admin.userId, events: [{ name: 'vote', userId: admin.userId }] });
    expect(anonymous.statusCode).toBe(204);
    expect((await stored()).map((row) => row.userId)).toEqual([user.userId, null]);
  });

  it('accepts the text/plain body of sendBeacon and refuses one that is not JSON', async () => {
    const beacon = await send(JSON.stringify({ events: [{ name: 'page_time', path: '/' }] }), {
      contentType: 'text/plain;charset=UTF-8',
    });
    expect(beacon.statusCode, beacon.body).toBe(204);
    const blob = await send(
      { events: [{ name: 'page_time', path: '/faq' }] },
      { contentType: 'application/json;charset=UTF-8' },
    );
    expect(blob.statusCode, blob.body).toBe(204);
    expect((await stored()).map((row) => row.path)).toEqual(['/', '/faq']);

    const broken = await send('{"events": [', { contentType: 'text/plain' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ success: false, message: serverMsg.badJson });
    const empty = await send('', { contentType: 'text/plain' });
    expect(empty.statusCode).toBe(400);
    const notBatch = await send('"login"', { contentType: 'text/plain' });
    expect(notBatch.statusCode).toBe(400);
    const wrongType = await send('<events/>', { contentType: 'application/xml' });
    expect(wrongType.statusCode).toBe(415);
    expect(await stored()).toHaveLength(2);
  });

  it('rejects an unknown event name with the Arabic message and stores nothing of the batch', async () => {
    const response = await send({
      events: [{ name: 'login' }, { name: 'purchase', properties: { sar: 10 } }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      success: false,
      code: 'VALIDATION_FAILED',
      message: msg.analyticsEventUnknown,
      errors: { events: [msg.analyticsEventUnknown] },
    });
    expect(await stored()).toHaveLength(0);
  });

  it('rejects a batch over 20 events, an empty one, and properties that are not small and flat', async () => {
    const tooMany = await send({ events: Array.from({ length: 21 }, () => ({ name: 'search' })) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ message: msg.analyticsBatchTooLarge });
    expect((await send({ events: [] })).json()).toMatchObject({ message: msg.analyticsBatchEmpty });
    const wide = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`k${i}`, i]));
    expect((await send({ events: [{ name: 'vote', properties: wide }] })).json()).toMatchObject({
      message: msg.analyticsPropertiesTooMany,
    });
    for (const properties of [
      { text: 'x'.repeat(201) },
      { nested: { deep: true } },
      { list: [1] },
      { half: '\ud800' },
    ]) {
      const response = await send({ events: [{ name: 'vote', properties }] });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: msg.analyticsPropertyInvalid });
    }
    for (const body of [
      null,
      [],
      { events: 'login' },
      { events: [{ name: 'login', path: 'https://x.example' }] },
    ])
      expect((await send(body)).statusCode).toBe(400);
    expect(await stored()).toHaveLength(0);
  });

  it('limits the batches one address may send in a minute', async () => {
    const ip = '203.0.113.77';
    for (let i = 0; i < ANALYTICS_BATCHES_PER_MINUTE; i++)
      expect((await send({ events: [{ name: 'search' }] }, { ip })).statusCode).toBe(204);
    const limited = await send({ events: [{ name: 'search' }] }, { ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED', message: msg.rateLimited });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await send({ events: [{ name: 'search' }] }, { ip: '203.0.113.78' })).statusCode).toBe(204);
    expect(await stored()).toHaveLength(ANALYTICS_BATCHES_PER_MINUTE + 1);
  });
});

describe('GET /api/admin/analytics/daily', () => {
  const daily = (query: string, token = admin.token) =>
    t.app.inject({ method: 'GET', url: `/api/admin/analytics/daily${query}`, headers: bearer(token) });

  it('counts events per day and name over the period, zeros included', async () => {
    expect(
      (
        await send({
          events: [{ name: 'search' }, { name: 'search' }, { name: 'vote' }, { name: 'page_time' }],
        })
      ).statusCode,
    ).toBe(204);
    expect((await send({ events: [{ name: 'search' }] }, { token: user.token })).statusCode).toBe(204);
    await t.database.db.insert(analyticsEvents).values([
      { name: 'login', day: sql`current_date - 2` },
      { name: 'login', day: sql`current_date - 2` },
      { name: 'signup', day: sql`current_date - 6` },
      // Outside a 7-day period, and a name no longer in the list: neither is counted.
      { name: 'login', day: sql`current_date - 7` },
      { name: 'retired_event', day: sql`current_date` },
    ]);

    const response = await daily('?days=7');
    expect(response.statusCode, response.body).toBe(200);
    const { reported: body, ...period } = response.json<AnalyticsDaily>();
    expect(body.series).toHaveLength(7);
    expect(body.series.map((day) => day.day)).toEqual([...body.series.map((day) => day.day)].sort());
    expect(period.from).toBe(body.series[0]!.day);
    expect(period.to).toBe(body.series[6]!.day);
    const [today] = await t.database.db
      .select({ day: analyticsEvents.day })
      .from(analyticsEvents)
      .where(eq(analyticsEvents.name, 'vote'));
    expect(period.to).toBe(today!.day);

    const last = body.series[6]!;
    expect(last.counts).toMatchObject({ search: 3, vote: 1, page_time: 1, login: 0 });
    expect(last.total).toBe(5);
    expect(body.series[4]!.counts.login).toBe(2);
    expect(body.series[0]!.counts.signup).toBe(1);
    expect(body.series[1]!.total).toBe(0);
    expect(Object.keys(last.counts).sort()).toEqual(
      [
        'bookmark',
        'comment',
        'error',
        'login',
        'page_time',
        'post_create',
        'search',
        'signup',
        'vote',
      ].sort(),
    );
    expect(body.totals).toMatchObject({ search: 3, vote: 1, page_time: 1, login: 2, signup: 1, comment: 0 });
    expect(body.total).toBe(8);

    const todayOnly = (await daily('?days=1')).json<AnalyticsDaily>().reported;
    expect(todayOnly.series).toHaveLength(1);
    expect(todayOnly.total).toBe(5);
    const month = (await daily('')).json<AnalyticsDaily>().reported;
    expect(month.series).toHaveLength(30);
    expect(month.totals.login).toBe(3);
  });

  it('counts sign-ups, posts, votes and comments from the rows the server created, by day', async () => {
    const recorded = async (query = '?days=7') => {
      const response = await daily(query);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<AnalyticsDaily>().recorded;
    };
    const before = await recorded();
    expect(before.series).toHaveLength(7);

    const writers = [await registerUser(t.app), await registerUser(t.app), await registerUser(t.app)];
    const postIds: number[] = [];
    for (const [index, writer] of writers.entries()) {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/posts',
        headers: bearer(writer.token),
        payload: { content: `منشور للعدّ ${index}` },
      });
      postIds.push(created.json<{ id: number }>().id);
    }
    const vote = (voter: TestUser, postId: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/votes',
        headers: bearer(voter.token),
        payload: { postId, value: 1 },
      });
    await vote(writers[0]!, postIds[1]!);
    await vote(writers[1]!, postIds[0]!);
    // Taken back: the vote is gone from the table, so it is not counted.
    await vote(writers[2]!, postIds[0]!);
    await vote(writers[2]!, postIds[0]!);
    for (const writer of writers.slice(0, 2))
      await t.app.inject({
        method: 'POST',
        url: '/api/comments',
        headers: bearer(writer.token),
        payload: { postId: postIds[2]!, content: 'تعليق يُعدّ' },
      });
    // One of the new accounts signed up three days ago, and one post is older than the period.
    await t.database.db
      .update(users)
      .set({ createdAt: sql`now() - interval '3 days'` })
      .where(eq(users.id, writers[2]!.userId));
    await t.database.db
      .update(posts)
      .set({ createdAt: sql`now() - interval '8 days'` })
      .where(eq(posts.id, postIds[2]!));

    const after = await recorded();
    const delta = (name: keyof typeof after.totals) => after.totals[name] - before.totals[name];
    expect([delta('signups'), delta('posts'), delta('votes'), delta('comments')]).toEqual([3, 2, 2, 2]);
    const today = after.series[6]!;
    expect(today.counts.signups - before.series[6]!.counts.signups).toBe(2);
    expect(after.series[3]!.counts.signups - before.series[3]!.counts.signups).toBe(1);
    expect(today.total).toBe(
      today.counts.signups + today.counts.posts + today.counts.votes + today.counts.comments,
    );

    // The totals are the tables' own rows over the period, however many there were before.
    const month = await recorded('?days=30');
    const since = sql`current_date - 29`;
    const tables = (await t.database.db.execute<Record<string, number>>(sql`select
      (select count(*)::int from ${users} where created_at >= ${since}) as signups,
      (select count(*)::int from ${posts} where created_at >= ${since}) as posts,
      (select count(*)::int from ${votes} where created_at >= ${since}) as votes,
      (select count(*)::int from ${comments} where created_at >= ${since}) as comments`)) as {
      rows: Record<string, number>[];
    };
    expect(month.totals).toEqual(tables.rows[0]);
  });

  it('reads each table of the recorded counts through an index of created_at, not whole', async () => {
    const plan = await t.database.db.transaction(async (tx) => {
      // Small test tables would be scanned whole; planning as if they were large is what matters here.
      await tx.execute(sql.raw('set local enable_seqscan = off'));
      const result = (await tx.execute(sql`explain (format json) ${recordedDailyQuery(30)}`)) as {
        rows: Record<string, unknown>[];
      };
      const json = Object.values(result.rows[0]!)[0];
      return JSON.stringify(typeof json === 'string' ? JSON.parse(json) : json);
    });
    const indexes = [...plan.matchAll(/"Index Name":"(\w+)"/g)].map((match) => match[1]);
    expect(indexes.sort()).toEqual(
      ['comments_created_brin', 'posts_created_idx', 'users_created_brin', 'votes_created_brin'].sort(),
    );
  });

  it('never lets events a client sends move the recorded counts', async () => {
    const before = (await daily('?days=1')).json<AnalyticsDaily>();
    const fake = {
      events: Array.from({ length: 20 }, (_, i) => ({
        name: ['signup', 'post_create', 'vote', 'comment'][i % 4],
      })),
    };
    for (let i = 0; i < 5; i++) expect((await send(fake)).statusCode).toBe(204);
    expect((await send(fake, { token: user.token })).statusCode).toBe(204);
    const after = (await daily('?days=1')).json<AnalyticsDaily>();
    expect(after.recorded).toEqual(before.recorded);
    expect(after.reported.totals.signup - before.reported.totals.signup).toBe(30);
  });

  it('answers 401 to visitors, 403 to users and moderators, and 400 to a bad period', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/analytics/daily' })).statusCode).toBe(401);
    expect((await daily('', user.token)).statusCode).toBe(403);
    expect((await daily('', moderator.token)).statusCode).toBe(403);
    // A non-admin is refused before the query is even looked at.
    expect((await daily('?days=abc', user.token)).statusCode).toBe(403);
    for (const query of ['?days=0', '?days=91', '?days=abc', '?days=1.5']) {
      const response = await daily(query);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: msg.analyticsDaysInvalid });
    }
  });

  it('answers 401 to a token that is not valid, even on the open events endpoint', async () => {
    const response = await send({ events: [{ name: 'login' }] }, { token: 'not-a-token' });
    expect(response.statusCode).toBe(401);
  });
});

import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg } from '@ray/shared/messages.ar';
import type { Notification } from '@ray/shared/realtime';
import type { PollResults, Post } from '@ray/shared/schemas/post';
import { serverMsg } from '@ray/shared/server-messages.ar';
import { notifications, posts } from '../../db/schema';
import {
  bearer,
  createTestApp,
  publishPost,
  registerUser,
  type TestApp,
  type TestUser,
} from '../../test/test-app';
import { notifyClosedPolls, pollClosingJob } from './poll-closing';

const HOUR = 3_600_000;

let t: TestApp;
let author: TestUser;
let voters: TestUser[];
let bystander: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  author = await registerUser(t.app);
  voters = [await registerUser(t.app), await registerUser(t.app), await registerUser(t.app)];
  bystander = await registerUser(t.app);
});
afterAll(async () => {
  await t.close();
});

async function vote(user: TestUser, postId: number, value: number) {
  return t.app.inject({
    method: 'POST',
    url: '/api/votes',
    headers: bearer(user.token),
    payload: { postId, value },
  });
}

async function poll(pollDuration: string, extra: Record<string, unknown> = {}) {
  return publishPost(t.app, author, {
    content: 'ما أفضل وقت للقراءة في رأيكم؟',
    votingType: 'poll',
    pollOptions: ['الصباح', 'المساء', 'الليل'],
    pollDuration,
    ...extra,
  });
}

/** Moves a poll's end into the past, as if the time had passed. */
async function endNow(postId: number) {
  await t.database.db
    .update(posts)
    .set({ pollClosesAt: sql`now() - interval '1 second'` })
    .where(eq(posts.id, postId));
}

async function pollNotices(postId: number) {
  return t.database.db
    .select({ recipientId: notifications.recipientId, details: notifications.details })
    .from(notifications)
    .where(and(eq(notifications.postId, postId), eq(notifications.kind, 'poll-closed')));
}

describe('closing polls', () => {
  it('sets the end from the chosen duration, keeps an open poll open and refuses an unknown duration', async () => {
    const before = Date.now();
    const hour = await poll('1h');
    expect(hour.pollClosed).toBe(false);
    const end = Date.parse(hour.pollClosesAt!);
    expect(end).toBeGreaterThanOrEqual(before + HOUR - 1000);
    expect(end).toBeLessThanOrEqual(Date.now() + HOUR + 1000);
    expect(Date.parse((await poll('7d')).pollClosesAt!)).toBeGreaterThan(before + 7 * 24 * HOUR - 5000);

    const open = await poll('open');
    expect(open.pollClosesAt).toBeNull();
    expect(open.pollClosed).toBe(false);
    // A duration means nothing for other voting types.
    const likes = await publishPost(t.app, author, { content: 'رأي عادي بلا استطلاع', pollDuration: '1d' });
    expect(likes.pollClosesAt).toBeNull();

    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: bearer(author.token),
      payload: {
        content: 'استطلاع بمدة غريبة',
        votingType: 'poll',
        pollOptions: ['أ', 'ب'],
        pollDuration: '2w',
      },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ errors: Record<string, string[]> }>().errors.pollDuration).toContain(
      msg.pollDurationInvalid,
    );
  });

  it('keeps the end through an edit, whatever the edit sends', async () => {
    const hour = await poll('1h');
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/posts/${hour.id}`,
      headers: bearer(author.token),
      payload: { content: 'ما أفضل وقت للقراءة برأيكم يا أصدقاء؟', pollDuration: 'open' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Post>().pollClosesAt).toBe(hour.pollClosesAt);
  });

  it('refuses votes after the end and shows the final results to everyone, visitors included', async () => {
    const closing = await poll('1h');
    expect((await vote(voters[0]!, closing.id, 1)).statusCode).toBe(200);
    await endNow(closing.id);

    const late = await vote(voters[1]!, closing.id, 0);
    expect(late.statusCode).toBe(409);
    expect(late.body).toContain(serverMsg.pollClosed);

    for (const viewer of [bystander, null]) {
      const headers = viewer ? bearer(viewer.token) : {};
      const read = await t.app.inject({ method: 'GET', url: `/api/posts/${closing.id}`, headers });
      expect(read.json<Post>()).toMatchObject({
        pollClosed: true,
        votingStatistics: { type: 'poll', totalVotes: 1, poolStats: { '0': 0, '1': 1, '2': 0 } },
      });
      const results = await t.app.inject({
        method: 'GET',
        url: `/api/votes/post/${closing.id}/poll-results`,
        headers,
      });
      expect(results.statusCode).toBe(200);
      expect(results.json<PollResults>().options.map((option) => option.votes)).toEqual([0, 1, 0]);
    }
  });

  it('tells each voter and the author exactly once, however often and however concurrently it runs', async () => {
    const closing = await poll('1h');
    for (const [index, voter] of voters.entries()) {
      expect((await vote(voter, closing.id, index % 3)).statusCode).toBe(200);
    }
    // The author may vote on their own poll, and is then told once, as its author.
    expect((await vote(author, closing.id, 0)).statusCode).toBe(200);
    const later = await poll('1d');
    expect((await vote(voters[0]!, later.id, 2)).statusCode).toBe(200);

    // Before the end, by the job's clock, nothing happens.
    await notifyClosedPolls(t.app.ctx, new Date());
    expect(await pollNotices(closing.id)).toEqual([]);

    const afterHour = new Date(Date.now() + 2 * HOUR);
    const runs = await Promise.all([
      notifyClosedPolls(t.app.ctx, afterHour),
      notifyClosedPolls(t.app.ctx, afterHour),
      notifyClosedPolls(t.app.ctx, afterHour),
    ]);
    expect(runs.reduce((sum, closed) => sum + closed, 0)).toBeGreaterThanOrEqual(1);
    expect(await t.app.jobs.runOnce(pollClosingJob(t.app.ctx, () => afterHour))).toBe('done');
    expect(await notifyClosedPolls(t.app.ctx, afterHour)).toBe(0);

    const notices = await pollNotices(closing.id);
    expect(notices).toHaveLength(voters.length + 1);
    expect(notices.filter((n) => n.recipientId === author.userId)).toEqual([
      { recipientId: author.userId, details: { own: true } },
    ]);
    for (const voter of voters) {
      expect(notices.filter((n) => n.recipientId === voter.userId)).toEqual([
        { recipientId: voter.userId, details: { own: false } },
      ]);
    }
    expect(notices.some((n) => n.recipientId === bystander.userId)).toBe(false);
    // The day-long poll has not ended by that clock.
    expect(await pollNotices(later.id)).toEqual([]);

    const voterList = await t.app.inject({
      method: 'GET',
      url: '/api/notifications/user?limit=50',
      headers: bearer(voters[1]!.token),
    });
    const notice = voterList.json<Notification[]>().find((n) => n.postId === closing.id);
    expect(notice?.message).toBe(serverMsg.notification.pollClosed);
    const authorList = await t.app.inject({
      method: 'GET',
      url: '/api/notifications/user?limit=50',
      headers: bearer(author.token),
    });
    expect(authorList.json<Notification[]>().find((n) => n.postId === closing.id)?.message).toBe(
      serverMsg.notification.ownPollClosed,
    );
  });

  it('tells the voters of a poll with thousands of votes in one batch', async () => {
    const big = await poll('1h');
    // Thousands of voters, written straight into the database: accounts and votes as cast_vote keeps them.
    await t.database.db.execute(sql`with made as (
        insert into users (id, email, username, username_key, first_name, last_name, password_hash)
        select gen_random_uuid(), 'crowd' || n || '@example.com', 'crowd' || n, 'crowd' || n, 'ناخب', 'رقم ' || n, 'x'
        from generate_series(1, 2000) n
        returning id)
      insert into votes (post_id, user_id, value) select ${big.id}, made.id, 1 from made`);
    await endNow(big.id);
    expect(await notifyClosedPolls(t.app.ctx, new Date(Date.now() + 1000))).toBeGreaterThanOrEqual(1);
    const notices = await pollNotices(big.id);
    expect(notices).toHaveLength(2001);
    expect(new Set(notices.map((n) => n.recipientId)).size).toBe(2001);
  });
});

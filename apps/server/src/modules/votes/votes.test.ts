import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorResponse } from '@ray/shared/errors';
import { msg } from '@ray/shared/messages.ar';
import type { VoteResult } from '@ray/shared/schemas/post';
import { notifications, posts, users, votes } from '../../db/schema';
import {
  bearer,
  createTestApp,
  publishPost,
  registerUser,
  type TestApp,
  type TestUser,
} from '../../test/test-app';
import { formatSuspensionEnd } from '../../lib/timestamps';
import { EXCERPT_LENGTH } from '../notifications/notifications.service';

let t: TestApp;
let author: TestUser;
let other: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  author = await registerUser(t.app);
  other = await registerUser(t.app);
});
afterAll(async () => {
  await t.close();
});

async function createPost(user: TestUser, payload: Record<string, unknown>) {
  return publishPost(t.app, user, payload);
}

interface CastRow {
  outcome: string;
  previous: number | null;
  up_votes: number | null;
  down_votes: number | null;
  rating_sum: number | null;
  rating_count: number | null;
  poll_counts: number[] | null;
  notified: boolean;
  suspended_ms: number | null;
}

/** `cast_vote` called as the vote service calls it, with no HTTP in between. */
async function castVote(postId: number, userId: string, value: number, seesHidden = false) {
  const result = (await t.database.db.execute(sql`
    select outcome, previous, up_votes, down_votes, rating_sum, rating_count, poll_counts,
           notification_id is not null as notified,
           (extract(epoch from suspended_until) * 1000)::float8 as suspended_ms
      from cast_vote(${postId}, ${userId}, ${value}, ${seesHidden}, ${EXCERPT_LENGTH})`)) as {
    rows: CastRow[];
  };
  return result.rows[0]!;
}

async function storedVote(postId: number, userId: string) {
  const [row] = await t.database.db
    .select({ value: votes.value })
    .from(votes)
    .where(and(eq(votes.postId, postId), eq(votes.userId, userId)));
  return row?.value ?? null;
}

describe('cast_vote in the database', () => {
  it('toggles a like, switches it to a dislike and takes it back, moving the counters each time', async () => {
    const post = await createPost(author, { content: 'هل تفضّلون الشاي أم القهوة؟' });
    expect(await castVote(post.id, other.userId, 1)).toMatchObject({
      outcome: 'voted',
      previous: null,
      up_votes: 1,
      down_votes: 0,
    });
    expect(await castVote(post.id, other.userId, -1)).toMatchObject({
      outcome: 'voted',
      previous: 1,
      up_votes: 0,
      down_votes: 1,
    });
    expect(await castVote(post.id, other.userId, -1)).toMatchObject({
      outcome: 'removed',
      previous: -1,
      up_votes: 0,
      down_votes: 0,
    });
    expect(await storedVote(post.id, other.userId)).toBeNull();
    expect((await castVote(post.id, other.userId, 3)).outcome).toBe('invalid');
  });

  it('keeps one rating per person, a changed rating moving the sum and not the count', async () => {
    const post = await createPost(author, { content: 'قيّموا هذا الكتاب الجديد', votingType: 'rating' });
    expect(await castVote(post.id, other.userId, 4)).toMatchObject({
      outcome: 'voted',
      rating_sum: 4,
      rating_count: 1,
    });
    expect(await castVote(post.id, other.userId, 2)).toMatchObject({
      outcome: 'voted',
      previous: 4,
      rating_sum: 2,
      rating_count: 1,
    });
    expect((await castVote(post.id, other.userId, 6)).outcome).toBe('invalid');
    expect(await storedVote(post.id, other.userId)).toBe(2);
  });

  it('counts one poll vote per person and refuses a second or an option out of range', async () => {
    const post = await createPost(author, {
      content: 'أي مدينة تزورها أولاً؟',
      votingType: 'poll',
      pollOptions: JSON.stringify(['جدة', 'أبها']),
    });
    expect(await castVote(post.id, other.userId, 1)).toMatchObject({ outcome: 'voted', poll_counts: [0, 1] });
    expect(await castVote(post.id, other.userId, 0)).toMatchObject({ outcome: 'already-voted', previous: 1 });
    expect((await castVote(post.id, author.userId, 2)).outcome).toBe('invalid');
    const [counters] = await t.database.db
      .select({ pollCounts: posts.pollCounts })
      .from(posts)
      .where(eq(posts.id, post.id));
    expect(counters!.pollCounts).toEqual([0, 1]);
  });

  it('answers not-found for a hidden post unless the voter is its author or may see hidden posts', async () => {
    const post = await createPost(author, { content: 'منشور أخفاه المشرفون' });
    await t.database.db.update(posts).set({ hiddenAt: new Date() }).where(eq(posts.id, post.id));
    expect((await castVote(post.id, other.userId, 1)).outcome).toBe('not-found');
    expect(await storedVote(post.id, other.userId)).toBeNull();
    expect((await castVote(post.id, other.userId, 1, true)).outcome).toBe('voted');
    expect((await castVote(post.id, author.userId, 1)).outcome).toBe('voted');
    expect((await castVote(Number.MAX_SAFE_INTEGER, other.userId, 1)).outcome).toBe('not-found');
  });

  it('refuses a suspended voter with the end of the suspension and records nothing', async () => {
    const voter = await registerUser(t.app);
    const post = await createPost(author, { content: 'رأي لا يصوّت عليه الموقوف' });
    const until = new Date(Date.now() + 3 * 24 * 60 * 60_000);
    await t.database.db.update(users).set({ suspendedUntil: until }).where(eq(users.id, voter.userId));
    expect(await castVote(post.id, voter.userId, 1)).toMatchObject({
      outcome: 'suspended',
      suspended_ms: until.getTime(),
    });
    expect(await storedVote(post.id, voter.userId)).toBeNull();
  });

  it('tells the author once per person, however often a like is taken back and given again', async () => {
    const writer = await registerUser(t.app);
    const [first, second] = await Promise.all([registerUser(t.app), registerUser(t.app)]);
    const post = await createPost(writer, { content: 'منشور ينتظر الإعجابات' });
    expect((await castVote(post.id, first.userId, 1)).notified).toBe(true);
    expect((await castVote(post.id, first.userId, 1)).outcome).toBe('removed');
    expect((await castVote(post.id, first.userId, -1)).notified).toBe(false);
    expect((await castVote(post.id, first.userId, 1)).notified).toBe(false);
    expect((await castVote(post.id, second.userId, 1)).notified).toBe(true);
    expect((await castVote(post.id, writer.userId, 1)).notified).toBe(false);
    const rows = await t.database.db
      .select({ kind: notifications.kind, count: notifications.count })
      .from(notifications)
      .where(eq(notifications.recipientId, writer.userId));
    expect(rows).toEqual([{ kind: 'like', count: 2 }]);
  });
});

describe('POST /api/votes', () => {
  const castOverHttp = (user: TestUser | null, postId: number, value: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/votes',
      headers: user ? bearer(user.token) : {},
      payload: { postId, value },
    });

  it('asks a visitor to sign in before voting', async () => {
    const post = await createPost(author, { content: 'رأي يصوّت عليه الأعضاء فقط' });
    const response = await castOverHttp(null, post.id, 1);
    expect(response.statusCode).toBe(401);
    expect(response.json<ErrorResponse>().message).toBe(msg.loginToVote);
  });

  it('answers 404 for a hidden post, as for one that does not exist', async () => {
    const post = await createPost(author, { content: 'منشور مخفي عن التصويت' });
    await t.database.db.update(posts).set({ hiddenAt: new Date() }).where(eq(posts.id, post.id));
    const response = await castOverHttp(other, post.id, 1);
    expect(response.statusCode).toBe(404);
    expect(response.json<ErrorResponse>()).toMatchObject({ code: 'NOT_FOUND', message: msg.postNotFound });
  });

  it('refuses a suspended voter with 403 and the day the suspension ends', async () => {
    const voter = await registerUser(t.app);
    const post = await createPost(author, { content: 'رأي أمام حساب موقوف' });
    const until = new Date(Date.now() + 2 * 24 * 60 * 60_000);
    await t.database.db.update(users).set({ suspendedUntil: until }).where(eq(users.id, voter.userId));
    const response = await castOverHttp(voter, post.id, 1);
    expect(response.statusCode).toBe(403);
    expect(response.json<ErrorResponse>()).toMatchObject({
      code: 'ACCOUNT_SUSPENDED',
      message: msg.accountSuspended(formatSuspensionEnd(until)),
    });
  });

  it('rates a post and reports the new average', async () => {
    const post = await createPost(author, { content: 'قيّموا خدمة المطعم', votingType: 'rating' });
    const response = await castOverHttp(other, post.id, 4);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<VoteResult>()).toMatchObject({ message: msg.rateSuccess(4), userVote: 4 });
    const results = await t.app.inject({ method: 'GET', url: `/api/votes/post/${post.id}/rating-results` });
    expect(results.json<{ averageRating: number; totalVoting: number }>()).toMatchObject({
      averageRating: 4,
      totalVoting: 1,
    });
  });

  it('toggles a like, switches to a dislike and removes it with the same value', async () => {
    const post = await createPost(author, { content: 'هل تحبون المطر؟' });
    const vote = async (value: number) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/votes',
          headers: bearer(other.token),
          payload: { postId: post.id, value },
        })
      ).json<VoteResult>();
    expect((await vote(1)).votingStatistics).toEqual({ type: 'like-dislike', upVotes: 1, downVotes: 0 });
    expect((await vote(-1)).votingStatistics).toEqual({ type: 'like-dislike', upVotes: 0, downVotes: 1 });
    const removed = await vote(-1);
    expect(removed.votingStatistics).toEqual({ type: 'like-dislike', upVotes: 0, downVotes: 0 });
    expect(removed.userVote).toBeNull();
  });

  it('keeps one vote per user under 20 concurrent requests', async () => {
    const post = await createPost(author, { content: 'تقييم مطعم جديد', votingType: 'rating' });
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/votes',
          headers: bearer(other.token),
          payload: { postId: post.id, value: (i % 5) + 1 },
        }),
      ),
    );
    expect(responses.every((r) => r.statusCode === 200)).toBe(true);
    const results = await t.app.inject({ method: 'GET', url: `/api/votes/post/${post.id}/rating-results` });
    expect(results.json<{ totalVoting: number }>().totalVoting).toBe(1);
  });

  it('keeps like counters equal to the stored votes under concurrent likes, dislikes and take-backs', async () => {
    const post = await createPost(author, { content: 'رأي يتنافس عليه الجميع' });
    const voters = [other, ...(await Promise.all([registerUser(t.app), registerUser(t.app)]))];
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/votes',
          headers: bearer(voters[i % voters.length]!.token),
          payload: { postId: post.id, value: i % 4 < 2 ? 1 : -1 },
        }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(responses.map(() => 200));
    const stored = await t.database.db
      .select({ value: votes.value, count: sql<number>`count(*)::int` })
      .from(votes)
      .where(eq(votes.postId, post.id))
      .groupBy(votes.value);
    const countOf = (value: number) => stored.find((row) => row.value === value)?.count ?? 0;
    const [counters] = await t.database.db
      .select({ upVotes: posts.upVotes, downVotes: posts.downVotes })
      .from(posts)
      .where(eq(posts.id, post.id));
    expect(counters).toEqual({ upVotes: countOf(1), downVotes: countOf(-1) });
  });

  it('counts a poll vote once and shows percentages', async () => {
    const post = await createPost(author, {
      content: 'أفضل وقت للقهوة؟',
      votingType: 'poll',
      pollOptions: JSON.stringify(['الصباح', 'المساء', ' ']),
    });
    expect(JSON.parse(post.pollOptions!)).toEqual(['الصباح', 'المساء']);
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/votes',
      headers: bearer(other.token),
      payload: { postId: post.id, value: 1 },
    });
    expect(first.statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/votes',
      headers: bearer(other.token),
      payload: { postId: post.id, value: 0 },
    });
    expect(again.statusCode).toBe(409);
    const results = await t.app.inject({ method: 'GET', url: `/api/votes/post/${post.id}/poll-results` });
    expect(results.json<{ options: { percentage: number }[] }>().options.map((o) => o.percentage)).toEqual([
      0, 100,
    ]);
  });

  it('answers each vote with the counters it produced, for every option of a poll', async () => {
    const post = await createPost(author, {
      content: 'أي فصل تفضّل؟',
      votingType: 'poll',
      pollOptions: JSON.stringify(['الشتاء', 'الربيع', 'الصيف']),
    });
    const voters = [other, author, await registerUser(t.app)];
    const expected = [
      { '0': 0, '1': 0, '2': 1 },
      { '0': 1, '1': 0, '2': 1 },
      { '0': 1, '1': 1, '2': 1 },
    ];
    for (const [index, value] of [2, 0, 1].entries()) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/votes',
        headers: bearer(voters[index]!.token),
        payload: { postId: post.id, value },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<{ votingStatistics: unknown }>().votingStatistics).toEqual({
        type: 'poll',
        poolStats: expected[index],
        totalVotes: index + 1,
      });
    }

    const liked = await createPost(author, { content: 'القهوة العربية أولاً' });
    const like = (value: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/votes',
        headers: bearer(other.token),
        payload: { postId: liked.id, value },
      });
    const stats = async (value: number) =>
      (await like(value)).json<{ votingStatistics: unknown; userVote: number | null }>();
    expect(await stats(1)).toMatchObject({ votingStatistics: { upVotes: 1, downVotes: 0 }, userVote: 1 });
    expect(await stats(-1)).toMatchObject({ votingStatistics: { upVotes: 0, downVotes: 1 }, userVote: -1 });
    expect(await stats(-1)).toMatchObject({ votingStatistics: { upVotes: 0, downVotes: 0 }, userVote: null });
  });
});

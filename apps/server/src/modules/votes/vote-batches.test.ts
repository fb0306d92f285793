import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VoteResult } from '@ray/shared/schemas/post';
import { notifications, posts } from '../../db/schema';
import {
  bearer,
  createTestApp,
  publishPost,
  registerUser,
  type TestApp,
  type TestUser,
} from '../../test/test-app';
import { EXCERPT_LENGTH } from '../notifications/notifications.service';
import { VoteBatches } from './vote-batches';

/** The vote statements the app sends while `counting` is on. */
const statements: string[] = [];
let counting = false;

let t: TestApp;
let author: TestUser;
let voters: TestUser[];

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      queryLogger: {
        logQuery(query) {
          if (counting && /cast_votes?\(/.test(query)) statements.push(query);
        },
      },
    },
  );
  author = await registerUser(t.app);
  voters = [];
  for (let index = 0; index < 12; index++) voters.push(await registerUser(t.app));
}, 60_000);
afterAll(async () => {
  await t.close();
});

/** A post's counters as stored, and as counted from its votes. */
async function counts(postId: number) {
  const [stored] = await t.database.db
    .select({
      up: posts.upVotes,
      down: posts.downVotes,
      ratingSum: posts.ratingSum,
      ratings: posts.ratingCount,
    })
    .from(posts)
    .where(eq(posts.id, postId));
  const counted = (await t.database.db.execute(sql`
    select count(*) filter (where value = 1)::int as up, count(*) filter (where value = -1)::int as down
      from votes where post_id = ${postId}`)) as { rows: { up: number; down: number }[] };
  return { stored: stored!, counted: counted.rows[0]! };
}

describe('votes that arrive together', () => {
  it('are written together, each answered as if alone, and the counters stay exact', async () => {
    const likes = await publishPost(t.app, author, { content: 'رأي يصوت عليه كثيرون في لحظة واحدة' });
    const ratings = await publishPost(t.app, author, {
      content: 'قيّموا هذا الرأي في اللحظة نفسها',
      votingType: 'rating',
    });
    statements.length = 0;
    counting = true;
    const answers = await Promise.all(
      voters.flatMap((voter, index) => [
        t.app.inject({
          method: 'POST',
          url: '/api/votes',
          headers: bearer(voter.token),
          payload: { postId: likes.id, value: index % 3 === 0 ? -1 : 1 },
        }),
        t.app.inject({
          method: 'POST',
          url: '/api/votes',
          headers: bearer(voter.token),
          payload: { postId: ratings.id, value: 1 + (index % 5) },
        }),
      ]),
    );
    counting = false;
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    // 24 votes, fewer statements: those that came while others were written went together.
    expect(statements.length).toBeLessThan(24);
    expect(statements.some((statement) => statement.includes('cast_votes('))).toBe(true);

    const likesCounts = await counts(likes.id);
    expect(likesCounts.stored).toMatchObject({ up: 8, down: 4 });
    expect(likesCounts.counted).toEqual({ up: 8, down: 4 });
    const ratingCounts = await counts(ratings.id);
    const expectedSum = voters.reduce((sum, _, index) => sum + 1 + (index % 5), 0);
    expect(ratingCounts.stored).toMatchObject({ ratings: 12, ratingSum: expectedSum });
    for (const [index, voter] of voters.entries()) {
      const likeAnswer = answers[index * 2]!.json<VoteResult>();
      expect(likeAnswer.userVote).toBe(index % 3 === 0 ? -1 : 1);
      const ratingAnswer = answers[index * 2 + 1]!.json<VoteResult>();
      expect(ratingAnswer.userVote).toBe(1 + (index % 5));
      // Each voter reads their own vote at once.
      const own = await t.app.inject({
        method: 'GET',
        url: `/api/votes/post/${ratings.id}`,
        headers: bearer(voter.token),
      });
      expect(own.json<{ userVote: number }>().userVote).toBe(1 + (index % 5));
    }
    // The author heard of the likes and the ratings, one notification each, counting the people.
    const notices = await t.database.db
      .select({ kind: notifications.kind, count: notifications.count })
      .from(notifications)
      .where(eq(notifications.recipientId, author.userId));
    expect(notices).toEqual(
      expect.arrayContaining([
        { kind: 'like', count: 8 },
        { kind: 'rating', count: 12 },
      ]),
    );
  });

  it('keeps the order of one voter’s clicks within a batch', async () => {
    const post = await publishPost(t.app, author, { content: 'رأي ينقر عليه صاحبه مرات متتالية' });
    const other = await publishPost(t.app, author, { content: 'رأي آخر يشغل قاعدة البيانات قليلاً' });
    const batches = new VoteBatches(t.database.db, EXCERPT_LENGTH);
    const [voter, second, third] = voters;
    const cast = (userId: string, postId: number, value: number) =>
      batches.cast({ postId, userId, value, seesHidden: false });
    // The first two are written at once, each alone; the next three wait and go together, in their order.
    const answers = await Promise.all([
      cast(second!.userId, other.id, 1),
      cast(third!.userId, other.id, 1),
      cast(voter!.userId, post.id, 1),
      cast(voter!.userId, post.id, 1),
      cast(voter!.userId, post.id, -1),
    ]);
    expect(answers.map((answer) => answer.outcome)).toEqual(['voted', 'voted', 'voted', 'removed', 'voted']);
    expect(answers[4].counters).toMatchObject({ upVotes: 0, downVotes: 1 });
    expect((await counts(post.id)).counted).toEqual({ up: 0, down: 1 });
  });

  it('writes again one at a time a batch the database refuses, so only the vote at fault fails', async () => {
    const post = await publishPost(t.app, author, { content: 'رأي يصوت عليه حساب حُذف للتو' });
    const batches = new VoteBatches(t.database.db, EXCERPT_LENGTH);
    const cast = (userId: string, value = 1) =>
      batches.cast({ postId: post.id, userId, value, seesHidden: false });
    const results = await Promise.allSettled([
      cast(voters[0]!.userId),
      cast(voters[1]!.userId),
      // No such account: its vote breaks the votes' key to users.
      cast(randomUUID()),
      cast(voters[2]!.userId),
      cast(voters[3]!.userId, -1),
    ]);
    expect(results.map((result) => result.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    expect((await counts(post.id)).counted).toEqual({ up: 3, down: 1 });
    expect((await counts(post.id)).stored).toMatchObject({ up: 3, down: 1 });
  });
});

import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { posts, votes } from '../../db/schema';

/** What a vote's answer reports: the post's counters, and what decides who may see them. */
const counterColumns = {
  votingType: posts.votingType,
  upVotes: posts.upVotes,
  downVotes: posts.downVotes,
  ratingSum: posts.ratingSum,
  ratingCount: posts.ratingCount,
  pollCounts: posts.pollCounts,
  pollOptions: posts.pollOptions,
  authorId: posts.authorId,
  hiddenAt: posts.hiddenAt,
};

export type PostCounters = NonNullable<Awaited<ReturnType<typeof counters>>>;

/**
 * Locks the post for the vote's transaction and reads what the vote needs of it. Every change to the post's
 * votes happens under this lock, so the statements that follow see the voter's current vote as committed.
 */
export async function lockPostForVote(db: Executor, postId: number) {
  const [row] = await db
    .select({ ...counterColumns, content: posts.content })
    .from(posts)
    .where(eq(posts.id, postId))
    .for('update')
    .limit(1);
  return row;
}

export interface VoteChange {
  /** The voter's vote before this one (null when none). */
  previous: number | null;
  counters: PostCounters;
}

const ofVoter = (postId: number, userId: string) => and(eq(votes.postId, postId), eq(votes.userId, userId));

/**
 * The voter's vote before the change, as a CTE of the statement that makes the change: all parts of one
 * statement read the same snapshot, taken after the post's lock was granted (lockPostForVote).
 */
function previousVote(db: Executor, postId: number, userId: string) {
  return db
    .$with('previous')
    .as(db.select({ value: votes.value }).from(votes).where(ofVoter(postId, userId)));
}

const previousValue = sql<number | null>`(select value from previous)`;

/**
 * A like (1) or dislike (-1), in one statement: the same choice again takes the vote back, the other one
 * replaces it, and the counters move with it.
 */
export async function toggleLike(db: Executor, postId: number, userId: string, value: 1 | -1) {
  const previous = previousVote(db, postId, userId);
  const removed = db
    .$with('removed', {})
    .as(sql`delete from ${votes} where ${ofVoter(postId, userId)} and ${votes.value} = ${value}`);
  const written = db.$with('written', {}).as(
    sql`insert into ${votes} (post_id, user_id, value)
      select ${postId}, ${userId}, ${value} where not exists (select 1 from previous where value = ${value})
      on conflict (post_id, user_id) do update set value = excluded.value, updated_at = now()`,
  );
  // Taking back a vote or moving away from it lowers its side; a new choice raises its own.
  const delta = (side: 1 | -1) =>
    sql`case when ${previousValue} is not distinct from ${side} then -1 when ${value} = ${side} then 1 else 0 end`;
  const [row] = await db
    .with(previous, removed, written)
    .update(posts)
    .set({
      upVotes: sql`${posts.upVotes} + ${delta(1)}`,
      downVotes: sql`${posts.downVotes} + ${delta(-1)}`,
    })
    .where(eq(posts.id, postId))
    .returning({ ...counterColumns, previous: previousValue });
  return change(row);
}

/** A rating of 1 to 5, in one statement: a first rating counts one more, a changed one moves the sum. */
export async function rate(db: Executor, postId: number, userId: string, value: number) {
  const previous = previousVote(db, postId, userId);
  const written = db.$with('written', {}).as(
    sql`insert into ${votes} (post_id, user_id, value) values (${postId}, ${userId}, ${value})
      on conflict (post_id, user_id) do update set value = excluded.value, updated_at = now()
      where ${votes.value} <> excluded.value`,
  );
  const [row] = await db
    .with(previous, written)
    .update(posts)
    .set({
      ratingSum: sql`${posts.ratingSum} + ${value} - coalesce(${previousValue}, 0)`,
      ratingCount: sql`${posts.ratingCount} + case when ${previousValue} is null then 1 else 0 end`,
    })
    .where(eq(posts.id, postId))
    .returning({ ...counterColumns, previous: previousValue });
  return change(row);
}

/**
 * A poll vote for an option (0-based; PostgreSQL arrays count from 1), in one statement. A poll vote is
 * final: when the voter already has one, nothing changes and `previous` says which.
 */
export async function votePoll(db: Executor, postId: number, userId: string, optionIndex: number) {
  const previous = previousVote(db, postId, userId);
  const written = db.$with('written', {}).as(
    sql`insert into ${votes} (post_id, user_id, value) values (${postId}, ${userId}, ${optionIndex})
      on conflict (post_id, user_id) do nothing`,
  );
  const [row] = await db
    .with(previous, written)
    .update(posts)
    .set({
      pollCounts: sql`case when ${previousValue} is null then
        ${posts.pollCounts}[:${optionIndex}::int]
        || (${posts.pollCounts}[${optionIndex + 1}::int] + 1)
        || ${posts.pollCounts}[${optionIndex + 2}::int:]
        else ${posts.pollCounts} end`,
    })
    .where(eq(posts.id, postId))
    .returning({ ...counterColumns, previous: previousValue });
  return change(row);
}

function change(row: (PostCounters & { previous: number | null }) | undefined): VoteChange | undefined {
  if (!row) return undefined;
  const { previous, ...counters } = row;
  return { previous, counters };
}

export async function findVote(db: Executor, postId: number, userId: string) {
  const [row] = await db.select({ value: votes.value }).from(votes).where(ofVoter(postId, userId)).limit(1);
  return row?.value ?? null;
}

export async function counters(db: Executor, postId: number) {
  const [row] = await db.select(counterColumns).from(posts).where(eq(posts.id, postId)).limit(1);
  return row;
}

export async function ratingDistribution(db: Executor, postId: number) {
  return db
    .select({ value: votes.value, count: sql<number>`count(*)::int` })
    .from(votes)
    .where(eq(votes.postId, postId))
    .groupBy(votes.value);
}

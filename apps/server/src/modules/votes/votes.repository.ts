import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
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
 * Writes a vote and moves the post's counters in one statement: `writes` change the voter's row (each may read
 * `previous`, the vote before this one) and `counters` sets the post's new counters from it.
 */
async function changeVote(
  db: Executor,
  postId: number,
  userId: string,
  writes: SQL[],
  counters: PgUpdateSetSource<typeof posts>,
): Promise<VoteChange | undefined> {
  const ctes = writes.map((write, index) => db.$with(`write_${index}`, {}).as(write));
  const [row] = await db
    .with(previousVote(db, postId, userId), ...ctes)
    .update(posts)
    .set(counters)
    .where(eq(posts.id, postId))
    .returning({ ...counterColumns, previous: previousValue });
  if (!row) return undefined;
  const { previous, ...rest } = row;
  return { previous, counters: rest };
}

/**
 * A like (1) or dislike (-1), in one statement: the same choice again takes the vote back, the other one
 * replaces it, and the counters move with it.
 */
export function toggleLike(db: Executor, postId: number, userId: string, value: 1 | -1) {
  // Taking back a vote or moving away from it lowers its side; a new choice raises its own.
  const delta = (side: 1 | -1) =>
    sql`case when ${previousValue} is not distinct from ${side} then -1 when ${value} = ${side} then 1 else 0 end`;
  return changeVote(
    db,
    postId,
    userId,
    [
      sql`delete from ${votes} where ${ofVoter(postId, userId)} and ${votes.value} = ${value}`,
      sql`insert into ${votes} (post_id, user_id, value)
        select ${postId}, ${userId}, ${value} where not exists (select 1 from previous where value = ${value})
        on conflict (post_id, user_id) do update set value = excluded.value, updated_at = now()`,
    ],
    {
      upVotes: sql`${posts.upVotes} + ${delta(1)}`,
      downVotes: sql`${posts.downVotes} + ${delta(-1)}`,
    },
  );
}

/** A rating of 1 to 5, in one statement: a first rating counts one more, a changed one moves the sum. */
export function rate(db: Executor, postId: number, userId: string, value: number) {
  return changeVote(
    db,
    postId,
    userId,
    [
      sql`insert into ${votes} (post_id, user_id, value) values (${postId}, ${userId}, ${value})
        on conflict (post_id, user_id) do update set value = excluded.value, updated_at = now()
        where ${votes.value} <> excluded.value`,
    ],
    {
      ratingSum: sql`${posts.ratingSum} + ${value} - coalesce(${previousValue}, 0)`,
      ratingCount: sql`${posts.ratingCount} + case when ${previousValue} is null then 1 else 0 end`,
    },
  );
}

/**
 * A poll vote for an option (0-based; PostgreSQL arrays count from 1), in one statement. A poll vote is
 * final: when the voter already has one, nothing changes and `previous` says which.
 */
export function votePoll(db: Executor, postId: number, userId: string, optionIndex: number) {
  return changeVote(
    db,
    postId,
    userId,
    [
      sql`insert into ${votes} (post_id, user_id, value) values (${postId}, ${userId}, ${optionIndex})
        on conflict (post_id, user_id) do nothing`,
    ],
    {
      pollCounts: sql`case when ${previousValue} is null then
        ${posts.pollCounts}[:${optionIndex}::int]
        || (${posts.pollCounts}[${optionIndex + 1}::int] + 1)
        || ${posts.pollCounts}[${optionIndex + 2}::int:]
        else ${posts.pollCounts} end`,
    },
  );
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

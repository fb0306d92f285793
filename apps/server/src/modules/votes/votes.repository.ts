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
 * Locks the post for the vote's transaction and reads its counters. The voter's current vote is read by a
 * separate statement once the lock is held: a join here would show a vote committed while this one waited
 * for the lock as absent.
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

export async function findVote(db: Executor, postId: number, userId: string) {
  const [row] = await db
    .select({ value: votes.value })
    .from(votes)
    .where(and(eq(votes.postId, postId), eq(votes.userId, userId)))
    .limit(1);
  return row?.value ?? null;
}

export async function insertVote(db: Executor, postId: number, userId: string, value: number) {
  await db.insert(votes).values({ postId, userId, value });
}

export async function changeVote(db: Executor, postId: number, userId: string, value: number) {
  await db
    .update(votes)
    .set({ value, updatedAt: sql`now()` })
    .where(and(eq(votes.postId, postId), eq(votes.userId, userId)));
}

export async function removeVote(db: Executor, postId: number, userId: string) {
  await db.delete(votes).where(and(eq(votes.postId, postId), eq(votes.userId, userId)));
}

/** Counter changes for a post, applied in the same transaction as the vote itself; answers the new counters. */
export async function adjustCounters(
  db: Executor,
  postId: number,
  delta: { up?: number; down?: number; ratingSum?: number; ratingCount?: number },
): Promise<PostCounters | undefined> {
  const [row] = await db
    .update(posts)
    .set({
      ...(delta.up ? { upVotes: sql`${posts.upVotes} + ${delta.up}` } : {}),
      ...(delta.down ? { downVotes: sql`${posts.downVotes} + ${delta.down}` } : {}),
      ...(delta.ratingSum ? { ratingSum: sql`${posts.ratingSum} + ${delta.ratingSum}` } : {}),
      ...(delta.ratingCount ? { ratingCount: sql`${posts.ratingCount} + ${delta.ratingCount}` } : {}),
    })
    .where(eq(posts.id, postId))
    .returning(counterColumns);
  return row;
}

/** One more vote for a poll option (0-based index; PostgreSQL arrays count from 1). */
export async function countPollVote(
  db: Executor,
  postId: number,
  optionIndex: number,
): Promise<PostCounters | undefined> {
  const [row] = await db
    .update(posts)
    .set({
      pollCounts: sql`${posts.pollCounts}[:${optionIndex}::int]
        || (${posts.pollCounts}[${optionIndex + 1}::int] + 1)
        || ${posts.pollCounts}[${optionIndex + 2}::int:]`,
    })
    .where(eq(posts.id, postId))
    .returning(counterColumns);
  return row;
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

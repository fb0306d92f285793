import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { posts, votes } from '../../db/schema';
import type { CreatedNotification } from '../notifications/notifications.repository';

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

/** What `cast_vote` (migration 0017) reports; the counters mean something only when the vote was recorded or removed. */
export interface CastVote {
  outcome:
    'suspended' | 'not-found' | 'invalid' | 'already-voted' | 'blocked' | 'closed' | 'removed' | 'voted';
  counters: Pick<
    PostCounters,
    'votingType' | 'upVotes' | 'downVotes' | 'ratingSum' | 'ratingCount' | 'pollCounts'
  >;
  /** The author's notification, when the vote wrote one or folded into an unread one. */
  notification: CreatedNotification | null;
  /** When the voter's suspension ends, for 'suspended'. */
  suspendedUntil: Date | null;
}

type CastVoteRow = {
  outcome: CastVote['outcome'];
  voting_type: PostCounters['votingType'] | null;
  up_votes: number;
  down_votes: number;
  rating_sum: number;
  rating_count: number;
  poll_counts: number[] | null;
  notification_id: string | number | null;
  notification_recipient: string | null;
  recipient_has_devices: boolean | null;
  suspended_until: Date | string | null;
};

/** One vote as cast_vote and cast_votes take it. */
export interface Ballot {
  postId: number;
  userId: string;
  value: number;
  seesHidden: boolean;
}

/**
 * A vote in one round trip: the database function refuses a suspended voter, locks the post, checks the voter may see it and that the
 * value fits its voting type, writes the vote, moves the counters and writes the author's notification of a
 * first vote (its kind, post and excerpt; its text is written when read), all in one transaction.
 */
export async function castVote(db: Executor, ballot: Ballot, excerptLength: number): Promise<CastVote> {
  // Both drivers (node-postgres and PGlite) answer a raw statement with its rows under `rows`.
  const result = (await db.execute<CastVoteRow>(
    sql`select * from cast_vote(${ballot.postId}, ${ballot.userId}, ${ballot.value}, ${ballot.seesHidden}, ${excerptLength})`,
  )) as { rows: CastVoteRow[] };
  return castVoteOf(result.rows[0]!);
}

/**
 * Several votes in one round trip and one transaction (`cast_votes`, migration 0019), each written as castVote
 * writes it alone, in the order given; the answers come in that order.
 */
export async function castVotes(
  db: Executor,
  ballots: readonly Ballot[],
  excerptLength: number,
): Promise<CastVote[]> {
  const list = JSON.stringify(
    ballots.map(({ postId, userId, value, seesHidden }) => ({
      post: postId,
      user: userId,
      value,
      seesHidden,
    })),
  );
  const result = (await db.execute<CastVoteRow & { ordinal: number }>(
    sql`select * from cast_votes(${list}::jsonb, ${excerptLength})`,
  )) as { rows: (CastVoteRow & { ordinal: number })[] };
  // One row per vote, each numbered by its place: as many rows as votes means every vote has its answer.
  if (result.rows.length !== ballots.length)
    throw new Error('cast_votes answered for some of the votes only');
  const answers: CastVote[] = [];
  for (const row of result.rows) answers[row.ordinal] = castVoteOf(row);
  return answers;
}

function castVoteOf(row: CastVoteRow): CastVote {
  return {
    outcome: row.outcome,
    counters: {
      votingType: row.voting_type ?? 'like-dislike',
      upVotes: row.up_votes,
      downVotes: row.down_votes,
      ratingSum: row.rating_sum,
      ratingCount: row.rating_count,
      pollCounts: row.poll_counts,
    },
    notification:
      row.notification_id === null || row.notification_recipient === null
        ? null
        : {
            id: Number(row.notification_id),
            recipientId: row.notification_recipient,
            hasDevices: row.recipient_has_devices === true,
          },
    suspendedUntil: row.suspended_until === null ? null : new Date(row.suspended_until),
  };
}

const ofVoter = (postId: number, userId: string) => and(eq(votes.postId, postId), eq(votes.userId, userId));

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

import { msg } from '@ray/shared/messages.ar';
import { serverMsg } from '@ray/shared/server-messages.ar';
import {
  percentage,
  type PollResults,
  type RatingResults,
  type VoteResult,
  type VotingStatistics,
} from '@ray/shared/schemas/post';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { votingStatistics } from '../posts/posts.mapper';
import { suspendedError } from '../moderation/suspension';
import type { Viewer } from '../posts/posts.repository';
import { deliverNotifications } from '../notifications/notifications.service';
import * as repo from './votes.repository';

function notFound(): AppError {
  return new AppError('NOT_FOUND', { message: msg.postNotFound });
}

function canSee(post: { hiddenAt: Date | null; authorId: string }, viewer: Viewer | null): boolean {
  return post.hiddenAt === null || viewer?.seesHidden === true || viewer?.userId === post.authorId;
}

/**
 * Records a vote in one call to the database (`cast_vote`, migration 0017; together with the votes that arrive at
 * the same moment, see VoteBatches): it refuses a suspended voter, locks the post, so concurrent votes on it apply
 * one after the other and the (post, user) primary key keeps a single row; then it writes the vote, moves the
 * counters and tells the author of a first vote.
 */
export async function vote(
  ctx: AppContext,
  viewer: Viewer,
  postId: number,
  value: number,
): Promise<VoteResult> {
  const cast = await ctx.votes.cast({ postId, userId: viewer.userId, value, seesHidden: viewer.seesHidden });
  switch (cast.outcome) {
    case 'suspended':
      throw suspendedError(cast.suspendedUntil!);
    case 'not-found':
      throw notFound();
    case 'invalid':
      throw AppError.field('VALIDATION_FAILED', 'value', msg.voteValueInvalid);
    case 'already-voted':
      throw AppError.field('CONFLICT', 'value', serverMsg.pollAlreadyVoted);
    case 'closed':
      throw AppError.field('CONFLICT', 'value', serverMsg.pollClosed);
    case 'blocked':
      throw new AppError('FORBIDDEN', { message: serverMsg.blockedVote });
  }
  // The counts moved: visitors' answers showing the post are read again rather than shown a moment old.
  ctx.publicAnswers.evict({ posts: [postId], lists: false, counts: true });
  // The push needs nothing from the voter, so the answer does not wait for it.
  if (cast.notification) void deliverNotifications(ctx, [cast.notification]);
  return {
    success: true,
    message: cast.outcome === 'removed' ? msg.voteRemoved : voteMessage(cast.counters.votingType, value),
    votingStatistics: votingStatistics(cast.counters),
    userVote: cast.outcome === 'removed' ? null : value,
  };
}

function voteMessage(votingType: repo.CastVote['counters']['votingType'], value: number): string {
  switch (votingType) {
    case 'like-dislike':
      return value === 1 ? msg.likeSuccess : msg.dislikeSuccess;
    case 'rating':
      return msg.rateSuccess(value);
    case 'poll':
      return msg.voteSuccess;
  }
}

export async function postVotes(
  ctx: AppContext,
  viewer: Viewer | null,
  postId: number,
): Promise<{ votingStatistics: VotingStatistics; userVote: number | null }> {
  const stats = await repo.counters(ctx.database.db, postId);
  if (!stats || !canSee(stats, viewer)) throw notFound();
  const userVote = viewer ? await repo.findVote(ctx.database.db, postId, viewer.userId) : null;
  return { votingStatistics: votingStatistics(stats), userVote };
}

export async function userRating(
  ctx: AppContext,
  viewer: Viewer,
  postId: number,
): Promise<{ rating: number | null }> {
  const stats = await repo.counters(ctx.database.db, postId);
  if (!stats || !canSee(stats, viewer)) throw notFound();
  return {
    rating:
      stats.votingType === 'rating' ? await repo.findVote(ctx.database.db, postId, viewer.userId) : null,
  };
}

export async function ratingResults(
  ctx: AppContext,
  viewer: Viewer | null,
  postId: number,
): Promise<RatingResults> {
  const stats = await repo.counters(ctx.database.db, postId);
  if (!stats || !canSee(stats, viewer)) throw notFound();
  if (stats.votingType !== 'rating')
    throw AppError.field('VALIDATION_FAILED', 'postId', msg.votingTypeInvalid);
  const rows = await repo.ratingDistribution(ctx.database.db, postId);
  const distribution: Record<string, number> = { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 };
  for (const row of rows) distribution[String(row.value)] = row.count;
  const summary = votingStatistics(stats);
  return {
    averageRating: summary.type === 'rating' ? summary.averageRating : 0,
    totalVoting: stats.ratingCount,
    distribution,
    userRating: viewer ? await repo.findVote(ctx.database.db, postId, viewer.userId) : null,
  };
}

export async function pollResults(
  ctx: AppContext,
  viewer: Viewer | null,
  postId: number,
): Promise<PollResults> {
  const stats = await repo.counters(ctx.database.db, postId);
  if (!stats || !canSee(stats, viewer)) throw notFound();
  if (stats.votingType !== 'poll') throw AppError.field('VALIDATION_FAILED', 'postId', msg.votingTypeInvalid);
  const counts = stats.pollCounts ?? [];
  const total = counts.reduce((sum, count) => sum + count, 0);
  return {
    totalVotes: total,
    userVote: viewer ? await repo.findVote(ctx.database.db, postId, viewer.userId) : null,
    options: (stats.pollOptions ?? []).map((text, index) => ({
      index,
      text,
      votes: counts[index] ?? 0,
      percentage: percentage(counts[index] ?? 0, total),
    })),
  };
}

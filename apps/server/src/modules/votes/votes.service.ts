import { msg } from '@ray/shared/messages.ar';
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
import type { Viewer } from '../posts/posts.repository';
import { notifyVote } from '../notifications/notifications.service';
import * as repo from './votes.repository';

function notFound(): AppError {
  return new AppError('NOT_FOUND', { message: msg.postNotFound });
}

function canSee(post: { hiddenAt: Date | null; authorId: string }, viewer: Viewer | null): boolean {
  return post.hiddenAt === null || viewer?.seesHidden === true || viewer?.userId === post.authorId;
}

function found(change: repo.VoteChange | undefined): repo.VoteChange {
  if (!change) throw notFound();
  return change;
}

function invalidValue(): AppError {
  return AppError.field('VALIDATION_FAILED', 'value', msg.voteValueInvalid);
}

/**
 * Records a vote. The post row is locked for the transaction, so concurrent votes by one user on one post
 * apply one after the other and the (post, user) primary key keeps a single row; the vote and the counters
 * change in one statement after the lock (votes.repository.ts).
 */
export async function vote(
  ctx: AppContext,
  viewer: Viewer,
  postId: number,
  value: number,
): Promise<VoteResult> {
  const outcome = await ctx.database.db.transaction(async (tx) => {
    const post = await repo.lockPostForVote(tx, postId);
    if (!post || !canSee(post, viewer)) throw notFound();
    const userId = viewer.userId;
    /** A first like, rating or poll vote tells the author, in the vote's own transaction. */
    const notifyNew = () =>
      notifyVote(tx, {
        postId,
        postAuthorId: post.authorId,
        voterId: userId,
        votingType: post.votingType,
        content: post.content,
      });

    switch (post.votingType) {
      case 'like-dislike': {
        if (value !== 1 && value !== -1) throw invalidValue();
        const { previous, counters } = found(await repo.toggleLike(tx, postId, userId, value));
        if (previous === value) return { userVote: null, message: msg.voteRemoved, counters, notified: [] };
        const notified = previous === null && value === 1 ? await notifyNew() : [];
        const message = value === 1 ? msg.likeSuccess : msg.dislikeSuccess;
        return { userVote: value, message, counters, notified };
      }
      case 'rating': {
        if (value < 1 || value > 5) throw invalidValue();
        const { previous, counters } = found(await repo.rate(tx, postId, userId, value));
        const notified = previous === null ? await notifyNew() : [];
        return { userVote: value, message: msg.rateSuccess(value), counters, notified };
      }
      case 'poll': {
        const optionCount = post.pollOptions?.length ?? 0;
        if (value < 0 || value >= optionCount) throw invalidValue();
        const { previous, counters } = found(await repo.votePoll(tx, postId, userId, value));
        if (previous !== null) throw AppError.field('CONFLICT', 'value', msg.pollAlreadyVoted);
        return { userVote: value, message: msg.voteSuccess, counters, notified: await notifyNew() };
      }
    }
  });
  // The push needs nothing from the voter, so the answer does not wait for it.
  void ctx.realtime.deliver(outcome.notified);
  return {
    success: true,
    message: outcome.message,
    votingStatistics: votingStatistics(outcome.counters),
    userVote: outcome.userVote,
  };
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

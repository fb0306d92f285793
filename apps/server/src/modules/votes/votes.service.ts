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
import type { NotificationRow } from '../notifications/notifications.repository';
import { notifyVote } from '../notifications/notifications.service';
import * as repo from './votes.repository';

function notFound(): AppError {
  return new AppError('NOT_FOUND', { message: msg.postNotFound });
}

function canSee(post: { hiddenAt: Date | null; authorId: string }, viewer: Viewer | null): boolean {
  return post.hiddenAt === null || viewer?.seesHidden === true || viewer?.userId === post.authorId;
}

function invalidValue(): AppError {
  return AppError.field('VALIDATION_FAILED', 'value', msg.voteValueInvalid);
}

/**
 * Records a vote. The post row is locked for the transaction, so concurrent votes by one user on one post
 * apply one after the other and the (post, user) primary key keeps a single row; counters change in the same
 * transaction as the vote.
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
    const existing = await repo.findVote(tx, postId, viewer.userId);
    const userId = viewer.userId;
    const notified: NotificationRow[] = [];
    /** A first like, rating or poll vote tells the author, in the vote's own transaction. */
    const notifyNew = async () => {
      notified.push(
        ...(await notifyVote(tx, {
          postId,
          postAuthorId: post.authorId,
          voterId: userId,
          votingType: post.votingType,
          content: post.content,
        })),
      );
    };
    const answer = (userVote: number | null, message: string, stats: repo.PostCounters | undefined) => {
      if (!stats) throw notFound();
      return { userVote, message, notified, stats };
    };

    switch (post.votingType) {
      case 'like-dislike': {
        if (value !== 1 && value !== -1) throw invalidValue();
        const field = (v: number) => (v === 1 ? 'up' : 'down');
        if (existing === value) {
          await repo.removeVote(tx, postId, userId);
          const stats = await repo.adjustCounters(tx, postId, { [field(value)]: -1 });
          return answer(null, msg.voteRemoved, stats);
        }
        if (existing === null) await repo.insertVote(tx, postId, userId, value);
        else await repo.changeVote(tx, postId, userId, value);
        const stats = await repo.adjustCounters(
          tx,
          postId,
          existing === null ? { [field(value)]: 1 } : { [field(value)]: 1, [field(existing)]: -1 },
        );
        if (existing === null && value === 1) await notifyNew();
        return answer(value, value === 1 ? msg.likeSuccess : msg.dislikeSuccess, stats);
      }
      case 'rating': {
        if (value < 1 || value > 5) throw invalidValue();
        let stats: repo.PostCounters | undefined = post;
        if (existing === null) {
          await repo.insertVote(tx, postId, userId, value);
          stats = await repo.adjustCounters(tx, postId, { ratingSum: value, ratingCount: 1 });
          await notifyNew();
        } else if (existing !== value) {
          await repo.changeVote(tx, postId, userId, value);
          stats = await repo.adjustCounters(tx, postId, { ratingSum: value - existing });
        }
        return answer(value, msg.rateSuccess(value), stats);
      }
      case 'poll': {
        const optionCount = post.pollOptions?.length ?? 0;
        if (value < 0 || value >= optionCount) throw invalidValue();
        if (existing !== null) throw AppError.field('CONFLICT', 'value', msg.pollAlreadyVoted);
        await repo.insertVote(tx, postId, userId, value);
        const stats = await repo.countPollVote(tx, postId, value);
        await notifyNew();
        return answer(value, msg.voteSuccess, stats);
      }
    }
  });
  // The push needs nothing from the voter, so the answer does not wait for it.
  void ctx.realtime.deliver(outcome.notified);
  return {
    success: true,
    message: outcome.message,
    votingStatistics: votingStatistics(outcome.stats),
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

import { inArray } from 'drizzle-orm';
import { posts } from '../../db/schema';
import type { AppContext } from '../../lib/context';
import type { PeriodicJob } from '../../lib/periodic';
import type { CreatedNotification } from '../notifications/notifications.repository';
import { deliverNotifications, notifyTrending } from '../notifications/notifications.service';
import { rankTrendingPosts } from './trends.repository';

/** How many of today's best-ranked posts count as "trending" for their authors. */
const TRENDING_TOP = 10;
/** A post needs some engagement before it can trend: a quiet day must not crown a post nobody touched. */
const MIN_ENGAGEMENT = 3;
const INTERVAL_MS = 5 * 60_000;

/** Tells each author once when a post of theirs enters today's top trending posts. */
export async function notifyNewTrendingPosts(ctx: AppContext): Promise<number> {
  const ids = (await rankTrendingPosts(ctx.database.db, { days: 1 })).slice(0, TRENDING_TOP);
  if (ids.length === 0) return 0;
  const rows = await ctx.database.db
    .select({
      id: posts.id,
      authorId: posts.authorId,
      content: posts.content,
      upVotes: posts.upVotes,
      downVotes: posts.downVotes,
      ratingCount: posts.ratingCount,
      pollCounts: posts.pollCounts,
      commentCount: posts.commentCount,
    })
    .from(posts)
    .where(inArray(posts.id, ids));
  const notified: CreatedNotification[] = [];
  for (const post of rows) {
    const engagement =
      post.upVotes +
      post.downVotes +
      post.ratingCount +
      (post.pollCounts ?? []).reduce((a, b) => a + b, 0) +
      post.commentCount;
    if (engagement < MIN_ENGAGEMENT) continue;
    notified.push(
      ...(await ctx.database.db.transaction((tx) =>
        notifyTrending(tx, { postId: post.id, postAuthorId: post.authorId, content: post.content }),
      )),
    );
  }
  await deliverNotifications(ctx, notified);
  return notified.length;
}

/** The check, every five minutes, on one instance at a time. */
export function trendingNotifierJob(ctx: AppContext): PeriodicJob {
  return { name: 'trending-notifications', intervalMs: INTERVAL_MS, run: () => notifyNewTrendingPosts(ctx) };
}

import type { z } from 'zod';
import { hashtagKey } from '@ray/shared/hashtags';
import type { Paged } from '@ray/shared/schemas/common';
import type { Post } from '@ray/shared/schemas/post';
import type { trendingPostsQuerySchema } from '@ray/shared/schemas/search';
import type { AppContext } from '../../lib/context';
import { cached } from '../../lib/caches';
import { findHashtagByKey, type Viewer } from '../posts/posts.repository';
import { pageOfRankedPosts } from '../posts/posts.service';
import * as repo from './trends.repository';

export async function trendingPosts(
  ctx: AppContext,
  viewer: Viewer | null,
  query: z.output<typeof trendingPostsQuerySchema>,
): Promise<Paged<Post>> {
  const key = query.hashtag === undefined ? null : hashtagKey(query.hashtag);
  // The same for everyone for a minute (ctx.caches.trendRankings): computed once per period and tag, not per
  // visitor, and a new ranking is computed in the background while the last one is still shown.
  // A new ranking replaces the lists visitors share at once (lib/public-answers).
  const ranked = await cached(ctx.caches.trendRankings, `${query.days}:${key ?? ''}`, async () => {
    const hashtag = key === null ? null : await findHashtagByKey(ctx.database.db, key);
    const ranking =
      key === null
        ? await repo.rankTrendingPosts(ctx.database.db, { days: query.days })
        : hashtag
          ? await repo.rankTrendingPosts(ctx.database.db, { days: query.days, hashtagId: hashtag.id })
          : [];
    ctx.publicAnswers.evict({ posts: [], lists: true });
    return ranking;
  });
  return pageOfRankedPosts(ctx, viewer, ranked, query);
}

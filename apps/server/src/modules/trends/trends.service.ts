import type { z } from 'zod';
import { hashtagKey } from '@ray/shared/hashtags';
import type { Paged } from '@ray/shared/schemas/common';
import type { Post } from '@ray/shared/schemas/post';
import type { trendingPostsQuerySchema } from '@ray/shared/schemas/search';
import type { AppContext } from '../../lib/context';
import { TtlCache } from '../../lib/ttl-cache';
import { findHashtagByKey, type Viewer } from '../posts/posts.repository';
import { pageOfRankedPosts } from '../posts/posts.service';
import * as repo from './trends.repository';

/**
 * Trends are the same for everyone for a minute: the ranking is computed once per period and tag, not per visitor,
 * and a new ranking is computed in the background while the last one is still shown.
 */
export const TRENDS_CACHE_MS = 60_000;

const rankings = new WeakMap<AppContext, TtlCache<number[]>>();

function rankingCache(ctx: AppContext): TtlCache<number[]> {
  let cache = rankings.get(ctx);
  if (!cache) {
    cache = new TtlCache<number[]>(TRENDS_CACHE_MS, 200, { serveStale: true });
    rankings.set(ctx, cache);
  }
  return cache;
}

export async function trendingPosts(
  ctx: AppContext,
  viewer: Viewer | null,
  query: z.output<typeof trendingPostsQuerySchema>,
): Promise<Paged<Post>> {
  const key = query.hashtag === undefined ? null : hashtagKey(query.hashtag);
  const ranked = await rankingCache(ctx).get(`${query.days}:${key ?? ''}`, async () => {
    if (key === null) return repo.rankTrendingPosts(ctx.database.db, { days: query.days });
    const hashtag = await findHashtagByKey(ctx.database.db, key);
    return hashtag
      ? repo.rankTrendingPosts(ctx.database.db, { days: query.days, hashtagId: hashtag.id })
      : [];
  });
  return pageOfRankedPosts(ctx, viewer, ranked, query);
}

import type { z } from 'zod';
import { hashtagKey } from '@ray/shared/hashtags';
import type { Paged } from '@ray/shared/schemas/common';
import {
  HASHTAG_SEARCH_LIMIT,
  type Hashtag,
  type hashtagPostsQuerySchema,
  type TrendingHashtag,
} from '@ray/shared/schemas/hashtag';
import type { Post } from '@ray/shared/schemas/post';
import type { AppContext } from '../../lib/context';
import { cached } from '../../lib/caches';
import { findHashtagByKey, type Viewer } from '../posts/posts.repository';
import { listPosts, pageOfRankedPosts } from '../posts/posts.service';
import { mutedHashtagKeys } from '../users/privacy.repository';
import * as repo from './hashtags.repository';

/** A tag's popular posts are chosen among its newest this many. */
export const POPULAR_TAG_CANDIDATES = 1_000;

const toHashtag = (row: { id: number; name: string; postCount: number }): Hashtag => ({
  ...row,
  usageCount: row.postCount,
});

export async function topHashtags(ctx: AppContext, limit: number): Promise<Hashtag[]> {
  const rows = await repo.listTopHashtags(ctx.database.db, limit);
  return rows.map(toHashtag);
}

export async function searchHashtags(ctx: AppContext, query: string): Promise<Hashtag[]> {
  const rows = await repo.searchHashtags(ctx.database.db, hashtagKey(query), HASHTAG_SEARCH_LIMIT);
  return rows.map(toHashtag);
}

/**
 * The trending tags a viewer sees: the ranking shared by everyone, less the tags the viewer muted. It is read
 * long enough to still fill `count` places once those are taken out.
 */
export async function trendingHashtags(
  ctx: AppContext,
  count: number,
  days: number,
  viewerId: string | null,
): Promise<TrendingHashtag[]> {
  const muted = viewerId ? new Set(await mutedHashtagKeys(ctx.database.db, viewerId)) : new Set<string>();
  if (muted.size === 0) return rankTrendingHashtags(ctx, count, days);
  const ranked = await rankTrendingHashtags(ctx, count + muted.size, days);
  return ranked.filter((tag) => !muted.has(hashtagKey(tag.name))).slice(0, count);
}

function rankTrendingHashtags(ctx: AppContext, count: number, days: number): Promise<TrendingHashtag[]> {
  return cached(ctx.caches.trendingHashtags, `${count}:${days}`, async () => {
    const db = ctx.database.db;
    await repo.rollOffTrends(db);
    const top = await repo.trendingHashtags(db, days, count);
    const ids = top.map((tag) => tag.id);
    const [daily, period] = await Promise.all([repo.dailyAuthors(db, ids, days), repo.periodDays(db, days)]);
    const perTag = new Map<string, number>(daily.map((row) => [`${row.hashtagId}:${row.day}`, row.count]));
    // A new ranking replaces the lists visitors share at once (lib/public-answers).
    ctx.publicAnswers.evict({ posts: [], lists: true });
    return top.map((tag) => ({
      ...tag,
      daily: period.map((day) => ({ day, count: perTag.get(`${tag.id}:${day}`) ?? 0 })),
    }));
  });
}

/**
 * A tag's posts in the shape of every other list. `recent` is the keyset feed of the tag; `popular` ranks its
 * newest posts by engagement. A tag nobody has used answers an empty page, like the feed filtered by it.
 */
export async function hashtagPosts(
  ctx: AppContext,
  viewer: Viewer | null,
  name: string,
  query: z.output<typeof hashtagPostsQuerySchema>,
): Promise<Paged<Post>> {
  if (query.sortBy === 'recent') {
    return listPosts(ctx, viewer, {
      page: query.page,
      pageSize: query.pageSize,
      cursor: query.cursor,
      pageType: 'All',
      hashtag: name,
    });
  }
  const hashtag = await findHashtagByKey(ctx.database.db, hashtagKey(name));
  const ranked = hashtag
    ? await repo.rankPopularTagPosts(ctx.database.db, hashtag.id, viewer, POPULAR_TAG_CANDIDATES)
    : [];
  return pageOfRankedPosts(ctx, viewer, ranked, query);
}

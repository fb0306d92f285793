import type { z } from 'zod';
import { hashtagKey } from '@ray/shared/hashtags';
import type { Paged } from '@ray/shared/schemas/common';
import type { Post } from '@ray/shared/schemas/post';
import type { searchPostsQuerySchema } from '@ray/shared/schemas/search';
import type { AppContext } from '../../lib/context';
import { cached } from '../../lib/caches';
import type { Viewer } from '../posts/posts.repository';
import { pageOfRankedPosts } from '../posts/posts.service';
import { parseSearchQuery } from './search-terms';
import * as repo from './search.repository';

/** Matches ranked per query, the newest first; also the largest total a search reports. */
export const SEARCH_CANDIDATES = 1_000;

export async function searchPosts(
  ctx: AppContext,
  viewer: Viewer | null,
  query: z.output<typeof searchPostsQuerySchema>,
): Promise<Paged<Post>> {
  const db = ctx.database.db;
  const terms = parseSearchQuery(query.query);
  const required = [...terms.requiredTags];
  if (query.hashtag !== undefined) required.push(hashtagKey(query.hashtag));
  // A query of symbols only has nothing to match; it is not a reason to list every post.
  if (terms.words.length === 0 && required.length === 0) return pageOfRankedPosts(ctx, viewer, [], query);

  const tagIds = await repo.findHashtagIds(db, [...new Set([...required, ...terms.tagKeys])]);
  if (required.some((key) => !tagIds.has(key))) return pageOfRankedPosts(ctx, viewer, [], query);

  const ranking = {
    words: terms.words,
    phrase: terms.phrase,
    requiredTagIds: [...new Set(required.map((key) => tagIds.get(key)!))],
    bonusTagIds: terms.tagKeys.flatMap((key) => {
      const id = tagIds.get(key);
      return id === undefined ? [] : [id];
    }),
    sortBy: query.sortBy,
    cap: SEARCH_CANDIDATES,
  };
  // A ranking is the same for every viewer (each page is then read with the viewer's own visibility), so the
  // same search within a few seconds reuses it: a popular query costs one ranking per period, not per visitor.
  const ranked = await cached(ctx.caches.searchRankings, JSON.stringify(ranking), () =>
    repo.rankSearchResults(db, ranking),
  );
  return pageOfRankedPosts(ctx, viewer, ranked, query);
}

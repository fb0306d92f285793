import { z } from 'zod';
import { msg } from '../messages.ar';
import { cursorParam, pageSizeParam } from './common';
import { pageParam } from './fields';
import { hashtagFilterField, trendingDaysParam } from './hashtag';

export const SEARCH_QUERY_MAX = 200;

/** `relevance` (the default): exact phrase and hashtag matches first, then text rank, then the newest. */
export const SEARCH_SORTS = ['relevance', 'recent', 'popular', 'trending'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

export const searchQueryField = z
  .string({ error: msg.searchQueryRequired })
  .trim()
  .min(1, msg.searchQueryRequired)
  .max(SEARCH_QUERY_MAX, msg.searchQueryTooLong);

/** The header box and the search page submit only a non-empty trimmed text. */
export const searchFormSchema = z.object({ query: searchQueryField });
export type SearchForm = z.input<typeof searchFormSchema>;

/** `GET /api/posts/search` */
export const searchPostsQuerySchema = z.object({
  query: searchQueryField,
  /** Only posts carrying this tag (with or without `#`). */
  hashtag: hashtagFilterField,
  sortBy: z.enum(SEARCH_SORTS, { error: msg.invalidValue }).default('relevance'),
  page: pageParam,
  pageSize: pageSizeParam,
  cursor: cursorParam.optional(),
});
export type SearchPostsQuery = z.input<typeof searchPostsQuerySchema>;

/** `GET /api/posts/trending/paginated` */
export const trendingPostsQuerySchema = z.object({
  days: trendingDaysParam,
  page: pageParam,
  pageSize: pageSizeParam,
  cursor: cursorParam.optional(),
  /** Sent by the spec's client; posts have no categories, so it does not filter. */
  categoryId: z.string().max(50, msg.textTooLong).optional(),
  hashtag: hashtagFilterField,
});
export type TrendingPostsQuery = z.input<typeof trendingPostsQuerySchema>;

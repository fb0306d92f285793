import { z } from 'zod';
import { TRENDING_DAYS_DEFAULT, TRENDING_HASHTAGS_DEFAULT } from '../constants';
import { HASHTAG_MAX_LENGTH, hashtagKey } from '../hashtags';
import { msg } from '../messages.ar';
import { cursorParam, pageSizeParam } from './common';
import { pageParam } from './fields';

export const TRENDING_DAYS_MAX = 30;
export const TRENDING_HASHTAGS_MAX = 50;
export const HASHTAGS_LIST_DEFAULT = 20;
export const HASHTAGS_LIST_MAX = 100;
export const HASHTAG_SEARCH_LIMIT = 20;

export const hashtagSchema = z.object({
  id: z.number().int(),
  /** The form most posts write it in, without `#`. */
  name: z.string(),
  /** Posts carrying the tag, all time. */
  postCount: z.number().int(),
  /** Trending: distinct authors who used it in the period. Elsewhere: the same as postCount. */
  usageCount: z.number().int(),
});
export type Hashtag = z.infer<typeof hashtagSchema>;

export const hashtagDaySchema = z.object({
  /** Calendar day in Saudi time (Asia/Riyadh), `YYYY-MM-DD`. */
  day: z.string(),
  /** Distinct authors who used the tag that day. */
  count: z.number().int(),
});
export type HashtagDay = z.infer<typeof hashtagDaySchema>;

export const trendingHashtagSchema = hashtagSchema.extend({
  /** One entry per calendar day the period touches, oldest first, zero-filled (days + 1 entries). */
  daily: z.array(hashtagDaySchema),
});
export type TrendingHashtag = z.infer<typeof trendingHashtagSchema>;

/** Trending period in days; the trends page offers 1, 7 and 30. */
export const trendingDaysParam = z.coerce
  .number({ error: msg.trendingDaysInvalid })
  .int(msg.trendingDaysInvalid)
  .min(1, msg.trendingDaysInvalid)
  .max(TRENDING_DAYS_MAX, msg.trendingDaysInvalid)
  .default(TRENDING_DAYS_DEFAULT);

/** A tag as it arrives in a path or a filter: with or without `#`, any written variant. */
export const hashtagNameField = z
  .string({ error: msg.hashtagNameRequired })
  .trim()
  .max(HASHTAG_MAX_LENGTH + 1, msg.textTooLong)
  .refine((value) => hashtagKey(value).length > 0, msg.hashtagNameRequired);

/** An optional tag filter: empty, or `#` alone, means no filter (the trends page's "all tags"). */
export const hashtagFilterField = z
  .string()
  .trim()
  .max(HASHTAG_MAX_LENGTH + 1, msg.textTooLong)
  .transform((value) => (hashtagKey(value).length === 0 ? undefined : value))
  .optional();

export const hashtagsQuerySchema = z.object({
  limit: z.coerce
    .number({ error: msg.invalidValue })
    .int(msg.invalidValue)
    .min(1, msg.invalidValue)
    .max(HASHTAGS_LIST_MAX, msg.invalidValue)
    .default(HASHTAGS_LIST_DEFAULT),
});
export type HashtagsQuery = z.input<typeof hashtagsQuerySchema>;

export const trendingHashtagsQuerySchema = z.object({
  count: z.coerce
    .number({ error: msg.trendingCountInvalid })
    .int(msg.trendingCountInvalid)
    .min(1, msg.trendingCountInvalid)
    .max(TRENDING_HASHTAGS_MAX, msg.trendingCountInvalid)
    .default(TRENDING_HASHTAGS_DEFAULT),
  days: trendingDaysParam,
});
export type TrendingHashtagsQuery = z.input<typeof trendingHashtagsQuerySchema>;

export const hashtagSearchQuerySchema = z.object({
  query: z
    .string({ error: msg.searchQueryRequired })
    .trim()
    .min(1, msg.searchQueryRequired)
    .max(HASHTAG_MAX_LENGTH + 1, msg.searchQueryTooLong)
    .refine((value) => hashtagKey(value).length > 0, msg.searchQueryRequired),
});
export type HashtagSearchQuery = z.input<typeof hashtagSearchQuerySchema>;

export const HASHTAG_POSTS_SORTS = ['recent', 'popular'] as const;
export type HashtagPostsSort = (typeof HASHTAG_POSTS_SORTS)[number];

export const hashtagPostsParamsSchema = z.object({ name: hashtagNameField });

export const hashtagPostsQuerySchema = z.object({
  page: pageParam,
  pageSize: pageSizeParam,
  cursor: cursorParam.optional(),
  sortBy: z.enum(HASHTAG_POSTS_SORTS, { error: msg.invalidValue }).default('recent'),
});
export type HashtagPostsQuery = z.input<typeof hashtagPostsQuerySchema>;

import { TRENDING_DAYS_DEFAULT, TRENDING_HASHTAGS_DEFAULT } from '@ray/shared/constants';
import type { TrendingHashtag } from '@ray/shared/schemas/hashtag';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { hashtagKeys } from './hashtag-keys';

export interface TrendingHashtagsParams {
  count?: number;
  days?: number;
}

/** `GET /api/hashtags/trending`: ranked by distinct authors over the period, with a zero-filled daily series. */
export function getTrendingHashtags(
  params: TrendingHashtagsParams = {},
  signal?: AbortSignal,
): Promise<TrendingHashtag[]> {
  return api.get<TrendingHashtag[]>('/api/hashtags/trending', {
    query: { count: params.count ?? TRENDING_HASHTAGS_DEFAULT, days: params.days ?? TRENDING_DAYS_DEFAULT },
    ...(signal ? { signal } : {}),
  });
}

export const trendingHashtagsQueryOptions = (params: TrendingHashtagsParams = {}) => {
  const resolved = {
    count: params.count ?? TRENDING_HASHTAGS_DEFAULT,
    days: params.days ?? TRENDING_DAYS_DEFAULT,
  };
  return queryOptions({
    queryKey: hashtagKeys.trending(resolved),
    queryFn: ({ signal }) => getTrendingHashtags(resolved, signal),
  });
};

export function useTrendingHashtags(params: TrendingHashtagsParams = {}) {
  return useQuery(trendingHashtagsQueryOptions(params));
}

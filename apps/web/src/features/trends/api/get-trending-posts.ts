import { PAGE_SIZE } from '@ray/shared/constants';
import type { Paged } from '@ray/shared/schemas/common';
import type { Post } from '@ray/shared/schemas/post';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { nextCursorOf } from '@/entities/post/api/get-posts';
import { postKeys } from '@/entities/post/api/post-keys';
import { api } from '@/lib/api-client';

export interface TrendingPostsParams {
  days: number;
  hashtag?: string | undefined;
}

/** Trending posts hold posts, so they sit under the posts root where votes and edits patch them in place. */
export const trendingPostKeys = {
  all: [...postKeys.lists(), 'trending'] as const,
  list: (params: TrendingPostsParams) =>
    [
      ...trendingPostKeys.all,
      { days: params.days, ...(params.hashtag ? { hashtag: params.hashtag } : {}) },
    ] as const,
};

/** `GET /api/posts/trending/paginated` */
export function getTrendingPostsPage(
  params: TrendingPostsParams,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<Paged<Post>> {
  return api.get<Paged<Post>>('/api/posts/trending/paginated', {
    query: { days: params.days, hashtag: params.hashtag, pageSize: PAGE_SIZE, cursor },
    ...(signal ? { signal } : {}),
  });
}

export const trendingPostsInfiniteQueryOptions = (params: TrendingPostsParams) =>
  infiniteQueryOptions({
    queryKey: trendingPostKeys.list(params),
    queryFn: ({ pageParam, signal }) => getTrendingPostsPage(params, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: nextCursorOf,
  });

export function useTrendingPosts(params: TrendingPostsParams) {
  return useInfiniteQuery(trendingPostsInfiniteQueryOptions(params));
}

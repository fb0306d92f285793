import { PAGE_SIZE } from '@ray/shared/constants';
import type { Paged } from '@ray/shared/schemas/common';
import type { Post } from '@ray/shared/schemas/post';
import type { SearchSort } from '@ray/shared/schemas/search';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { nextCursorOf } from '@/entities/post/api/get-posts';
import { postKeys } from '@/entities/post/api/post-keys';
import { api } from '@/lib/api-client';

export interface SearchPostsParams {
  query: string;
  hashtag?: string | undefined;
  sortBy: SearchSort;
}

/** Search results hold posts, so they sit under the posts root where votes and edits patch them in place. */
export const searchKeys = {
  all: [...postKeys.lists(), 'search'] as const,
  results: (params: SearchPostsParams) =>
    [
      ...searchKeys.all,
      { query: params.query, sortBy: params.sortBy, ...(params.hashtag ? { hashtag: params.hashtag } : {}) },
    ] as const,
};

/** `GET /api/posts/search`: Arabic-normalised full-text search, at most 1000 results counted. */
export function searchPostsPage(
  params: SearchPostsParams,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<Paged<Post>> {
  return api.get<Paged<Post>>('/api/posts/search', {
    query: {
      query: params.query,
      hashtag: params.hashtag,
      sortBy: params.sortBy,
      pageSize: PAGE_SIZE,
      cursor,
    },
    ...(signal ? { signal } : {}),
  });
}

export const searchPostsInfiniteQueryOptions = (params: SearchPostsParams) =>
  infiniteQueryOptions({
    queryKey: searchKeys.results(params),
    queryFn: ({ pageParam, signal }) => searchPostsPage(params, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: nextCursorOf,
    // A 400 (query too long, bad filter) will answer the same way again.
    retry: (failures, error) =>
      !(error instanceof Error && 'status' in error && error.status === 400) && failures < 1,
  });

/** `enabled` false while another kind of result is shown. */
export function useSearchPosts(params: SearchPostsParams, enabled = true) {
  return useInfiniteQuery({
    ...searchPostsInfiniteQueryOptions(params),
    enabled: enabled && params.query.length > 0,
  });
}

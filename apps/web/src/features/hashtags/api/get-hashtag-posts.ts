import { PAGE_SIZE } from '@ray/shared/constants';
import type { Paged } from '@ray/shared/schemas/common';
import type { HashtagPostsSort } from '@ray/shared/schemas/hashtag';
import type { Post } from '@ray/shared/schemas/post';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { hashtagKeys } from '@/entities/hashtag/api/hashtag-keys';
import { hashtagNextCursor } from '../utils/hashtag-pages';

export interface HashtagPostsParams {
  name: string;
  sortBy: HashtagPostsSort;
}

/** `GET /api/hashtags/{name}/posts`: an unused tag answers an empty page, not a 404. */
export function getHashtagPostsPage(
  params: HashtagPostsParams,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<Paged<Post>> {
  return api.get<Paged<Post>>(`/api/hashtags/${encodeURIComponent(params.name)}/posts`, {
    query: { sortBy: params.sortBy, pageSize: PAGE_SIZE, cursor },
    ...(signal ? { signal } : {}),
  });
}

export const hashtagPostsInfiniteQueryOptions = (params: HashtagPostsParams) =>
  infiniteQueryOptions({
    queryKey: hashtagKeys.postList(params),
    queryFn: ({ pageParam, signal }) => getHashtagPostsPage(params, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: Paged<Post>) => hashtagNextCursor(last),
  });

export function useHashtagPosts(params: HashtagPostsParams) {
  return useInfiniteQuery(hashtagPostsInfiniteQueryOptions(params));
}

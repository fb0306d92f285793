import type { Paged } from '@ray/shared/schemas/common';
import type { PostVersion } from '@ray/shared/schemas/post';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const HISTORY_PAGE_SIZE = 10;

/**
 * Keys of edit histories. Their data is not a post, so they stay outside `postKeys.all` (which holds only posts
 * and pages of posts); a history is read afresh each time its dialog opens.
 */
export const postHistoryKeys = {
  all: ['post-history'] as const,
  of: (postId: number) => [...postHistoryKeys.all, postId] as const,
};

/** One page of a post's earlier contents (`GET /api/posts/{id}/history`), newest first. */
export function getPostHistoryPage(
  postId: number,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<Paged<PostVersion>> {
  return api.get<Paged<PostVersion>>(`/api/posts/${postId}/history`, {
    query: { cursor, pageSize: HISTORY_PAGE_SIZE },
    ...(signal ? { signal } : {}),
  });
}

export const postHistoryQueryOptions = (postId: number) =>
  infiniteQueryOptions({
    queryKey: postHistoryKeys.of(postId),
    queryFn: ({ pageParam, signal }) => getPostHistoryPage(postId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page: Paged<PostVersion>) =>
      page.pagination.hasNextPage && page.pagination.nextCursor ? page.pagination.nextCursor : undefined,
    staleTime: 0,
  });

export function usePostHistory(postId: number) {
  return useInfiniteQuery(postHistoryQueryOptions(postId));
}

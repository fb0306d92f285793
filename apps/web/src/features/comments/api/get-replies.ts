import type { Comment } from '@ray/shared/schemas/comment';
import type { Paged } from '@ray/shared/schemas/common';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { commentKeys } from '@/entities/comment/api/comment-keys';
import { api } from '@/lib/api-client';

export const REPLIES_PAGE_SIZE = 10;

/** One page of `GET /api/comments/{id}/replies`, oldest first; `cursor` is the previous page's nextCursor. */
export function getRepliesPage(
  commentId: number,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<Paged<Comment>> {
  return api.get<Paged<Comment>>(`/api/comments/${commentId}/replies`, {
    query: { cursor, pageSize: REPLIES_PAGE_SIZE },
    ...(signal ? { signal } : {}),
  });
}

export const repliesInfiniteQueryOptions = (postId: number, commentId: number) =>
  infiniteQueryOptions({
    queryKey: commentKeys.replies(postId, commentId),
    queryFn: ({ pageParam, signal }) => getRepliesPage(commentId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page: Paged<Comment>) =>
      page.pagination.hasNextPage && page.pagination.nextCursor ? page.pagination.nextCursor : undefined,
  });

/** The replies under a comment, loaded once they are asked for ("show replies"), a page at a time. */
export function useReplies(postId: number, commentId: number, enabled: boolean) {
  return useInfiniteQuery({ ...repliesInfiniteQueryOptions(postId, commentId), enabled });
}

import type { Comment, CommentOrder } from '@ray/shared/schemas/comment';
import type { Paged } from '@ray/shared/schemas/common';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { commentKeys } from '@/entities/comment/api/comment-keys';

export const COMMENTS_PAGE_SIZE = 10;

/** One page of `GET /api/comments`; `cursor` is the previous page's `pagination.nextCursor`. */
export function getCommentsPage(
  postId: number,
  order: CommentOrder,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<Paged<Comment>> {
  return api.get<Paged<Comment>>('/api/comments', {
    query: { postId, order, cursor, pageSize: COMMENTS_PAGE_SIZE },
    ...(signal ? { signal } : {}),
  });
}

export const commentsInfiniteQueryOptions = (postId: number, order: CommentOrder = 'oldest') =>
  infiniteQueryOptions({
    queryKey: commentKeys.list(postId, order),
    queryFn: ({ pageParam, signal }) => getCommentsPage(postId, order, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page: Paged<Comment>) =>
      page.pagination.hasNextPage && page.pagination.nextCursor ? page.pagination.nextCursor : undefined,
  });

/** A post's comments in conversation order, a page at a time ("load more"). */
export function useComments(postId: number, order: CommentOrder = 'oldest') {
  return useInfiniteQuery(commentsInfiniteQueryOptions(postId, order));
}

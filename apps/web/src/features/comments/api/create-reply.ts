import type { Comment, CreateCommentPayload } from '@ray/shared/schemas/comment';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { commentKeys } from '@/entities/comment/api/comment-keys';
import { track } from '@/lib/analytics';
import { api } from '@/lib/api-client';
import { appendComment, countReply, type CommentPages } from '../utils/comment-pages';

/**
 * Replies to a comment (or to a reply, filed under the same thread): the reply appears at the end of the thread's
 * loaded replies and is counted on its thread, not on the post.
 */
export function useCreateReply(postId: number, threadId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: { content: string; isAnonymous: boolean; parentId: number }) =>
      api.post<Comment>('/api/comments', { ...values, postId } satisfies CreateCommentPayload),
    onSuccess: (reply) => {
      track('comment', { anonymous: reply.isAnonymous });
      queryClient.setQueryData<CommentPages>(commentKeys.replies(postId, threadId), (data) =>
        data ? appendComment(data, reply) : data,
      );
      for (const order of ['oldest', 'newest'] as const) {
        queryClient.setQueryData<CommentPages>(commentKeys.list(postId, order), (data) =>
          data ? countReply(data, threadId, 1) : data,
        );
      }
    },
  });
}

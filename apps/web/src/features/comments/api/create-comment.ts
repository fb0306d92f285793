import type { Comment, CreateCommentPayload } from '@ray/shared/schemas/comment';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { commentKeys } from '@/entities/comment/api/comment-keys';
import { patchPost } from '@/entities/post/api/post-cache';
import { postKeys } from '@/entities/post/api/post-keys';
import { track } from '@/lib/analytics';
import { api } from '@/lib/api-client';
import { appendComment, type CommentPages } from '../utils/comment-pages';

export function createComment(payload: CreateCommentPayload): Promise<Comment> {
  return api.post<Comment>('/api/comments', payload);
}

/** Adds a comment, shows it at the end of the loaded conversation and counts it on the post everywhere. */
export function useCreateComment(postId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: Omit<CreateCommentPayload, 'postId'>) => createComment({ ...values, postId }),
    onSuccess: (comment) => {
      track('comment', { anonymous: comment.isAnonymous });
      queryClient.setQueryData<CommentPages>(commentKeys.list(postId, 'oldest'), (data) =>
        data ? appendComment(data, comment) : data,
      );
      void queryClient.invalidateQueries({ queryKey: commentKeys.list(postId, 'newest') });
      patchPost(queryClient, postId, (post) => ({ ...post, commentCount: post.commentCount + 1 }));
      void queryClient.invalidateQueries({ queryKey: postKeys.detail(postId) });
    },
  });
}

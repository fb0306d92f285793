import { useMutation, useQueryClient } from '@tanstack/react-query';
import { commentKeys } from '@/entities/comment/api/comment-keys';
import { patchPost } from '@/entities/post/api/post-cache';
import { postKeys } from '@/entities/post/api/post-keys';
import { api } from '@/lib/api-client';
import { countReply, removeComment, type CommentPages } from '../utils/comment-pages';

export function deleteComment(id: number): Promise<{ success: boolean; message?: string }> {
  return api.delete<{ success: boolean; message?: string }>(`/api/comments/${id}`);
}

/**
 * Deletes one's own comment, drops it from the loaded lists and uncounts it: a top-level comment on the post
 * everywhere (its replies go with it), a reply on its thread.
 */
export function useDeleteComment(postId: number, parentId: number | null = null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteComment,
    onSuccess: (_result, id) => {
      queryClient.setQueriesData<CommentPages>({ queryKey: commentKeys.postLists(postId) }, (data) =>
        data ? removeComment(data, id) : data,
      );
      if (parentId !== null) {
        queryClient.setQueriesData<CommentPages>({ queryKey: commentKeys.postLists(postId) }, (data) =>
          data ? countReply(data, parentId, -1) : data,
        );
        return;
      }
      queryClient.removeQueries({ queryKey: commentKeys.replies(postId, id) });
      patchPost(queryClient, postId, (post) => ({
        ...post,
        commentCount: Math.max(0, post.commentCount - 1),
      }));
      void queryClient.invalidateQueries({ queryKey: postKeys.detail(postId) });
    },
  });
}

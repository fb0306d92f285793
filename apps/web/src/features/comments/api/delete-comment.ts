import { useMutation, useQueryClient } from '@tanstack/react-query';
import { commentKeys } from '@/entities/comment/api/comment-keys';
import { patchPost } from '@/entities/post/api/post-cache';
import { postKeys } from '@/entities/post/api/post-keys';
import { api } from '@/lib/api-client';
import { removeComment, type CommentPages } from '../utils/comment-pages';

export function deleteComment(id: number): Promise<{ success: boolean; message?: string }> {
  return api.delete<{ success: boolean; message?: string }>(`/api/comments/${id}`);
}

/** Deletes one's own comment, drops it from the loaded lists and uncounts it on the post everywhere. */
export function useDeleteComment(postId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteComment,
    onSuccess: (_result, id) => {
      queryClient.setQueriesData<CommentPages>({ queryKey: commentKeys.postLists(postId) }, (data) =>
        data ? removeComment(data, id) : data,
      );
      patchPost(queryClient, postId, (post) => ({
        ...post,
        commentCount: Math.max(0, post.commentCount - 1),
      }));
      void queryClient.invalidateQueries({ queryKey: postKeys.detail(postId) });
    },
  });
}

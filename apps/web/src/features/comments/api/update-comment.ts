import type { Comment, UpdateCommentPayload } from '@ray/shared/schemas/comment';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { commentKeys } from '@/entities/comment/api/comment-keys';
import { api } from '@/lib/api-client';
import { replaceComment, type CommentPages } from '../utils/comment-pages';

export function updateComment(id: number, payload: UpdateCommentPayload): Promise<Comment> {
  return api.put<Comment>(`/api/comments/${id}`, payload);
}

/** Edits one's own comment and puts the saved text in every loaded list of its post. */
export function useUpdateComment(postId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, content }: { id: number; content: string }) => updateComment(id, { content }),
    onSuccess: (comment) => {
      queryClient.setQueriesData<CommentPages>({ queryKey: commentKeys.postLists(postId) }, (data) =>
        data ? replaceComment(data, comment) : data,
      );
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { removePostFromLists } from '@/entities/post/api/post-cache';
import { postKeys } from '@/entities/post/api/post-keys';

export interface DeletePostResult {
  success: boolean;
  message?: string;
}

export function deletePost(id: number): Promise<DeletePostResult> {
  return api.post<DeletePostResult>(`/api/posts/${id}/delete`);
}

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePost,
    onSuccess: (_result, id) => {
      removePostFromLists(queryClient, id);
      // The page showing it is about to leave; a later visit asks the server again (and finds nothing).
      void queryClient.invalidateQueries({ queryKey: postKeys.detail(id), refetchType: 'none' });
    },
  });
}

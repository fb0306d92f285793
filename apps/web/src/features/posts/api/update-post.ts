import type { Post, UpdatePostPayload } from '@ray/shared/schemas/post';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { patchPost } from '@/entities/post/api/post-cache';
import { postKeys } from '@/entities/post/api/post-keys';

export function updatePost(id: number, payload: UpdatePostPayload): Promise<Post> {
  return api.put<Post>(`/api/posts/${id}`, payload);
}

export function useUpdatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payload }: { id: number; payload: UpdatePostPayload }) => updatePost(id, payload),
    onSuccess: (post) => {
      queryClient.setQueryData(postKeys.detail(post.id), post);
      patchPost(queryClient, post.id, () => post);
      // Hashtags or anonymity may have changed, which moves the post between hashtag and profile lists.
      void queryClient.invalidateQueries({ queryKey: postKeys.lists(), refetchType: 'none' });
    },
  });
}

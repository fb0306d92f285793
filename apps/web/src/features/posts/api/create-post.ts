import type { CreatePostPayload, Post } from '@ray/shared/schemas/post';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useAuthStore } from '@/lib/auth-store';
import { addNewPost } from './post-cache';

export function createPost(payload: CreatePostPayload): Promise<Post> {
  return api.post<Post>('/api/posts', payload);
}

/** Publishes a post and shows it at the top of the feeds it belongs to without refetching them. */
export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPost,
    onSuccess: (post) => {
      addNewPost(queryClient, post, useAuthStore.getState().userId);
    },
  });
}

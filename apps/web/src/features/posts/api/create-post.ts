import type { CreatePostPayload, Post } from '@ray/shared/schemas/post';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { track } from '@/lib/analytics';
import { api } from '@/lib/api-client';
import { useAuthStore } from '@/lib/auth-store';
import { addNewPost } from '@/entities/post/api/post-cache';

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
      track('post_create', {
        votingType: post.votingType,
        anonymous: post.isAnonymous,
        image: post.imageUrl !== null,
        location: post.locationName !== null,
      });
    },
  });
}

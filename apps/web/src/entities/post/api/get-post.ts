import type { Post } from '@ray/shared/schemas/post';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { findCachedPost } from './post-cache';
import { postKeys } from './post-keys';

export function getPost(id: number, signal?: AbortSignal): Promise<Post> {
  return api.get<Post>(`/api/posts/${id}`, signal ? { signal } : {});
}

export const postQueryOptions = (id: number) =>
  queryOptions({
    queryKey: postKeys.detail(id),
    queryFn: ({ signal }) => getPost(id, signal),
  });

/** One post; a copy already shown in a feed fills the page at once while the fresh one loads. */
export function usePost(id: number, options: { enabled?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useQuery({
    ...postQueryOptions(id),
    enabled: options.enabled ?? true,
    placeholderData: () => findCachedPost(queryClient, id),
  });
}

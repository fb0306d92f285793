import type { UserListItem } from '@ray/shared/schemas/profile';
import type { Hashtag } from '@ray/shared/schemas/hashtag';
import type { Paged } from '@ray/shared/schemas/common';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { nextCursorOf } from '@/entities/post/api/get-posts';
import { userKeys } from '@/entities/user/api/user-keys';
import { api } from '@/lib/api-client';

/** A 400 (query too long) will answer the same way again. */
const retryUnlessRefused = (failures: number, error: unknown) =>
  !(error instanceof Error && 'status' in error && error.status === 400) && failures < 1;

export const searchPeopleKeys = {
  hashtags: (query: string) => ['search', 'hashtags', query] as const,
};

/** One page of `GET /api/users/search?q=`: people whose username or name matches, Arabic-normalised. */
export function searchUsersPage(query: string, cursor: string | null, signal?: AbortSignal) {
  return api.get<Paged<UserListItem>>('/api/users/search', {
    query: { q: query, cursor },
    ...(signal ? { signal } : {}),
  });
}

export const searchUsersQueryOptions = (query: string) =>
  infiniteQueryOptions({
    queryKey: userKeys.search(query),
    queryFn: ({ pageParam, signal }) => searchUsersPage(query, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: nextCursorOf,
    retry: retryUnlessRefused,
  });

export function useSearchUsers(query: string, enabled: boolean) {
  return useInfiniteQuery({ ...searchUsersQueryOptions(query), enabled: enabled && query.length > 0 });
}

/** `GET /api/hashtags/search?query=`: at most 20 tags, the exact one first, then prefixes and close spellings. */
export const searchHashtagsQueryOptions = (query: string) =>
  queryOptions({
    queryKey: searchPeopleKeys.hashtags(query),
    queryFn: ({ signal }) => api.get<Hashtag[]>('/api/hashtags/search', { query: { query }, signal }),
    retry: retryUnlessRefused,
  });

export function useSearchHashtags(query: string, enabled: boolean) {
  return useQuery({ ...searchHashtagsQueryOptions(query), enabled: enabled && query.length > 0 });
}

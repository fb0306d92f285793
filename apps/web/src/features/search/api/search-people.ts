import type { UserListItem } from '@ray/shared/schemas/profile';
import type { Hashtag } from '@ray/shared/schemas/hashtag';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** A 400 (query too long) will answer the same way again. */
const retryUnlessRefused = (failures: number, error: unknown) =>
  !(error instanceof Error && 'status' in error && error.status === 400) && failures < 1;

export const searchPeopleKeys = {
  users: (query: string) => ['search', 'users', query] as const,
  hashtags: (query: string) => ['search', 'hashtags', query] as const,
};

/** `GET /api/users/search?q=`: at most 20 people whose username or name matches, Arabic-normalised. */
export const searchUsersQueryOptions = (query: string) =>
  queryOptions({
    queryKey: searchPeopleKeys.users(query),
    queryFn: ({ signal }) => api.get<UserListItem[]>('/api/users/search', { query: { q: query }, signal }),
    retry: retryUnlessRefused,
  });

export function useSearchUsers(query: string, enabled: boolean) {
  return useQuery({ ...searchUsersQueryOptions(query), enabled: enabled && query.length > 0 });
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

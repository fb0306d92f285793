import type { UserListItem } from '@ray/shared/schemas/profile';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userKeys } from './user-keys';

/** `GET /api/users/suggestions?limit=`: people to follow, best first (signed-in only). */
export function getSuggestions(limit: number, signal?: AbortSignal): Promise<{ items: UserListItem[] }> {
  return api.get<{ items: UserListItem[] }>('/api/users/suggestions', {
    query: { limit },
    ...(signal ? { signal } : {}),
  });
}

export const suggestionsQueryOptions = (limit: number) =>
  queryOptions({
    queryKey: userKeys.suggestionList(limit),
    queryFn: ({ signal }) => getSuggestions(limit, signal),
    select: (data) => data.items,
    // Suggestions change slowly; a follow refreshes them (useToggleFollow).
    staleTime: 5 * 60_000,
  });

export function useSuggestions(limit: number, enabled = true) {
  return useQuery({ ...suggestionsQueryOptions(limit), enabled });
}

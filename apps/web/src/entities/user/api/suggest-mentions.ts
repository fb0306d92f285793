import type { Paged } from '@ray/shared/schemas/common';
import type { UserListItem } from '@ray/shared/schemas/profile';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userKeys } from './user-keys';

/** How many people a mention suggests: a short list to pick from while typing. */
export const MENTION_SUGGESTIONS = 5;

export const mentionSuggestionsQueryOptions = (query: string) =>
  queryOptions({
    queryKey: [...userKeys.search(query), 'mention'] as const,
    queryFn: ({ signal }) =>
      api.get<Paged<UserListItem>>('/api/users/search', {
        query: { q: query, pageSize: MENTION_SUGGESTIONS },
        signal,
      }),
    select: (page) => page.items.slice(0, MENTION_SUGGESTIONS),
    staleTime: 60_000,
    retry: false,
  });

/** People whose username or name matches what follows `@`, from the users search. */
export function useMentionSuggestions(query: string | null) {
  return useQuery({
    ...mentionSuggestionsQueryOptions(query ?? ''),
    enabled: query !== null && query.length > 0,
    placeholderData: keepPreviousData,
  });
}

export type FollowListKind = 'followers' | 'following';

/**
 * Every query about other users (profiles, followers, following, suggestions, people search) lives under
 * `userKeys.all`, so that following someone refreshes whatever shows them by prefix.
 */
export const userKeys = {
  all: ['users'] as const,
  user: (userId: string) => [...userKeys.all, userId] as const,
  detail: (userId: string) => [...userKeys.user(userId), 'profile'] as const,
  people: (userId: string, kind: FollowListKind) => [...userKeys.user(userId), kind] as const,
  suggestions: () => [...userKeys.all, 'suggestions'] as const,
  suggestionList: (limit: number) => [...userKeys.suggestions(), limit] as const,
  searches: () => [...userKeys.all, 'search'] as const,
  search: (query: string) => [...userKeys.searches(), query] as const,
};

export type FollowListKind = 'followers' | 'following';

/** Every query about another user (profile, followers, following) lives under `profileKeys.all`. */
export const profileKeys = {
  all: ['users'] as const,
  user: (userId: string) => [...profileKeys.all, userId] as const,
  detail: (userId: string) => [...profileKeys.user(userId), 'profile'] as const,
  people: (userId: string, kind: FollowListKind) => [...profileKeys.user(userId), kind] as const,
};

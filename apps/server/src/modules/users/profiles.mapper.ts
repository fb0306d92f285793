import type { PublicUser } from '@ray/shared/schemas/user';
import type { PublicProfile, UserListItem } from '@ray/shared/schemas/profile';
import { displayName } from './users.mapper';
import type { PublicUserRow } from './profiles.repository';

export function toPublicUser(user: PublicUserRow): PublicUser {
  return {
    userId: user.id,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    displayName: displayName(user),
    bio: user.bio,
    avatarUrl: user.avatarUrl,
    createdAt: user.createdAt.toISOString(),
  };
}

export function toPublicProfile(
  user: PublicUserRow & { postsCount: number; followersCount: number; followingCount: number },
  isFollowing: boolean,
  viewerId: string | null,
  restriction: { isBlocked: boolean; isMuted: boolean; isUnavailable: boolean },
): PublicProfile {
  const profile = {
    ...toPublicUser(user),
    postsCount: user.postsCount,
    followersCount: user.followersCount,
    followingCount: user.followingCount,
    isFollowing,
    isOwnProfile: viewerId === user.id,
    ...restriction,
  };
  // Across a block the profile keeps only the name to show the state: no bio, picture, counts or follow.
  if (!restriction.isUnavailable) return profile;
  return {
    ...profile,
    bio: null,
    avatarUrl: null,
    postsCount: 0,
    followersCount: 0,
    followingCount: 0,
    isFollowing: false,
  };
}

export function toUserListItem(row: { user: PublicUserRow; isFollowing: boolean }): UserListItem {
  return { ...toPublicUser(row.user), isFollowing: row.isFollowing };
}

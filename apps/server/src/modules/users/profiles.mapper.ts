import type { PublicUser } from '@ray/shared/schemas/user';
import type { PublicProfile, UserListItem } from '@ray/shared/schemas/profile';
import { displayName } from './users.mapper';
import type { PublicUserRow } from './profiles.repository';

function toPublicUser(user: PublicUserRow): PublicUser {
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
): PublicProfile {
  return {
    ...toPublicUser(user),
    postsCount: user.postsCount,
    followersCount: user.followersCount,
    followingCount: user.followingCount,
    isFollowing,
    isOwnProfile: viewerId === user.id,
  };
}

export function toUserListItem(row: { user: PublicUserRow; isFollowing: boolean }): UserListItem {
  return { ...toPublicUser(row.user), isFollowing: row.isFollowing };
}

import type { CurrentUser, PublicUser } from '@ray/shared/schemas/user';
import type { UserRow } from './users.repository';

export function displayName(user: Pick<UserRow, 'firstName' | 'lastName' | 'username'>): string {
  const name = `${user.firstName} ${user.lastName}`.trim();
  return name.length > 0 ? name : user.username;
}

export function toCurrentUser(user: UserRow): CurrentUser {
  return {
    userId: user.id,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    emailVerified: user.email !== null && user.emailVerifiedAt !== null,
    bio: user.bio,
    avatarUrl: user.avatarUrl,
    createdAt: user.createdAt.toISOString(),
    isGuest: user.isGuest,
    role: user.role,
    // Only a suspension still running; never part of what others see of the user.
    suspendedUntil:
      user.suspendedUntil && user.suspendedUntil.getTime() > Date.now()
        ? user.suspendedUntil.toISOString()
        : null,
    hasPassword: user.passwordHash !== null,
  };
}

export function toPublicUser(user: UserRow): PublicUser {
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

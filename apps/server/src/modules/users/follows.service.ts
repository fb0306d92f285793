import type { z } from 'zod';
import { msg } from '@ray/shared/messages.ar';
import { serverMsg } from '@ray/shared/server-messages.ar';
import type { Paged } from '@ray/shared/schemas/common';
import type { followListQuerySchema, followSchema } from '@ray/shared/schemas/follow';
import type { UserListItem } from '@ray/shared/schemas/profile';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import type { CreatedNotification } from '../notifications/notifications.repository';
import { deliverNotifications, notifyFollow } from '../notifications/notifications.service';
import { decodeTimeCursor, encodeTimeCursor } from '../../lib/cursor';
import { isForeignKeyViolation } from '../../lib/db-errors';
import { pagePosition, toPage } from '../../lib/paging';
import type { AccessClaims } from '../../lib/tokens';
import { toUserListItem } from './profiles.mapper';
import { findUserById } from './users.repository';
import * as repo from './follows.repository';
import { isBlockedBetween } from './privacy.repository';

type FollowInput = z.output<typeof followSchema>;

/** One may only follow on one's own behalf, and never oneself. */
function checkFollow(auth: AccessClaims, input: FollowInput) {
  if (input.followerId !== auth.userId.toLowerCase()) throw new AppError('FORBIDDEN');
  if (input.followerId === input.followedId)
    throw AppError.field('BAD_REQUEST', 'followedId', serverMsg.cannotFollowSelf);
}

/**
 * Follows a user. The (follower, followed) primary key decides races: only the request that really inserted
 * the row moves the counters, in the same transaction, so they stay exact under concurrent requests.
 */
export async function follow(ctx: AppContext, auth: AccessClaims, input: FollowInput): Promise<boolean> {
  checkFollow(auth, input);
  let notified: CreatedNotification[] = [];
  try {
    notified = await ctx.database.db.transaction(async (tx) => {
      if (await isBlockedBetween(tx, input.followerId, input.followedId))
        throw new AppError('FORBIDDEN', { message: serverMsg.blockedFollow });
      if (!(await repo.insertFollow(tx, input.followerId, input.followedId))) return [];
      await repo.adjustFollowCounts(tx, input.followerId, input.followedId, 1);
      return notifyFollow(tx, { followerId: input.followerId, followedId: input.followedId });
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new AppError('NOT_FOUND', { message: msg.userNotFound });
    throw error;
  }
  ctx.caches.followingTotals.delete(input.followerId);
  await deliverNotifications(ctx, notified);
  return true;
}

/** Unfollows a user; counters move only when a follow row was really deleted. */
export async function unfollow(ctx: AppContext, auth: AccessClaims, input: FollowInput): Promise<boolean> {
  checkFollow(auth, input);
  await ctx.database.db.transaction(async (tx) => {
    if (await repo.deleteFollow(tx, input.followerId, input.followedId))
      await repo.adjustFollowCounts(tx, input.followerId, input.followedId, -1);
  });
  ctx.caches.followingTotals.delete(input.followerId);
  return true;
}

/** Followers or followed people of a user, most recent first; the total is the user's own counter. */
export async function listFollowPeople(
  ctx: AppContext,
  side: 'followers' | 'following',
  userId: string,
  viewerId: string | null,
  query: z.output<typeof followListQuerySchema>,
): Promise<Paged<UserListItem>> {
  const db = ctx.database.db;
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('NOT_FOUND', { message: msg.userNotFound });
  const position = pagePosition(query, decodeTimeCursor);
  const rows = await repo.listFollowPeople(db, side, userId, viewerId, {
    after: position.after,
    offset: position.offset,
    limit: query.pageSize,
  });
  const total = side === 'followers' ? user.followersCount : user.followingCount;
  return toPage(rows, position, query.pageSize, total, toUserListItem, (row) =>
    encodeTimeCursor(row.followedAt, row.user.id),
  );
}

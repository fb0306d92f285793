import { normalizeArabic } from '@ray/shared/arabic';
import { msg } from '@ray/shared/messages.ar';
import { USER_SEARCH_MAX_RESULTS, type PublicProfile, type UserListItem } from '@ray/shared/schemas/profile';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { toPublicProfile, toUserListItem } from './profiles.mapper';
import * as repo from './profiles.repository';

export async function getProfile(
  ctx: AppContext,
  userId: string,
  viewerId: string | null,
): Promise<PublicProfile> {
  const row = await repo.findProfile(ctx.database.db, userId, viewerId);
  if (!row) throw new AppError('NOT_FOUND', { message: msg.userNotFound });
  return toPublicProfile(row.user, row.isFollowing, viewerId);
}

/** Username or name search, matched on Arabic-normalised text so أحمد finds احمد and the other way round. */
export async function searchUsers(
  ctx: AppContext,
  q: string,
  viewerId: string | null,
): Promise<UserListItem[]> {
  const text = normalizeArabic(q).trim();
  if (text.length === 0) return [];
  const rows = await repo.searchUsers(ctx.database.db, text, viewerId, USER_SEARCH_MAX_RESULTS);
  return rows.map(toUserListItem);
}

import { normalizeArabic } from '@ray/shared/arabic';
import { msg } from '@ray/shared/messages.ar';
import type { z } from 'zod';
import type { Paged } from '@ray/shared/schemas/common';
import type { PublicProfile, UserListItem, userSearchQuerySchema } from '@ray/shared/schemas/profile';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { decodePersonCursor, encodePersonCursor } from '../../lib/cursor';
import { toPage } from '../../lib/paging';
import { toPublicProfile, toUserListItem } from './profiles.mapper';
import * as repo from './profiles.repository';

export async function getProfile(
  ctx: AppContext,
  userId: string,
  viewerId: string | null,
): Promise<PublicProfile> {
  const row = await repo.findProfile(ctx.database.db, userId, viewerId);
  if (!row) throw new AppError('NOT_FOUND', { message: msg.userNotFound });
  return toPublicProfile(row.user, row.isFollowing, viewerId, {
    isBlocked: row.isBlocked,
    isMuted: row.isMuted,
    isUnavailable: row.isUnavailable,
  });
}

/**
 * Username or name search, matched on Arabic-normalised text so أحمد finds احمد and the other way round; one
 * page at a time, continued with the cursor. The total is the number of people shown so far and on this page,
 * plus one while another page follows: counting every match would scan the table again for each page.
 */
export async function searchUsers(
  ctx: AppContext,
  query: z.output<typeof userSearchQuerySchema>,
  viewerId: string | null,
): Promise<Paged<UserListItem>> {
  const text = normalizeArabic(query.q).trim();
  const after = query.cursor ? decodePersonCursor(query.cursor) : undefined;
  const position = { after, offset: 0, page: 0 };
  if (text.length === 0) return toPage([], position, query.pageSize, 0, toUserListItem, () => '');
  const rows = await repo.searchUsers(ctx.database.db, text, viewerId, { after, limit: query.pageSize });
  const shown = Math.min(rows.length, query.pageSize);
  return toPage(
    rows,
    position,
    query.pageSize,
    shown + (rows.length > query.pageSize ? 1 : 0),
    toUserListItem,
    (row) => encodePersonCursor(row.key),
  );
}

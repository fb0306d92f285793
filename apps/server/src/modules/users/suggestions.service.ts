import type { UserListItem } from '@ray/shared/schemas/profile';
import type { AppContext } from '../../lib/context';
import { toUserListItem } from './profiles.mapper';
import { findSuggestions } from './suggestions.repository';

/** People the user may want to follow; none of them is followed yet. */
export async function suggestPeople(
  ctx: AppContext,
  viewerId: string,
  limit: number,
): Promise<{ items: UserListItem[] }> {
  const rows = await findSuggestions(ctx.database.db, viewerId, limit);
  return { items: rows.map((row) => toUserListItem({ user: row.user, isFollowing: false })) };
}

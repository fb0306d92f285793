import { and, asc, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';
import { blockedBetween, hasBlocked, hasMuted, personVisibleTo } from './visibility';
import type { PersonSearchKey } from '../../lib/cursor';

/** `exists(...)`: whether the viewer follows the user of the row; false for visitors. */
export function viewerFollows(viewerId: string | null, userId: SQL | typeof users.id): SQL<boolean> {
  if (!viewerId) return sql<boolean>`false`;
  return sql<boolean>`exists(select 1 from follows f where f.follower_id = ${viewerId} and f.followed_id = ${userId})`;
}

/** The columns anyone may see of a user: never the e-mail, the password hash or the role. */
export const publicUserColumns = {
  id: users.id,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  bio: users.bio,
  avatarUrl: users.avatarUrl,
  createdAt: users.createdAt,
};
export type PublicUserRow = { [K in keyof typeof publicUserColumns]: (typeof users.$inferSelect)[K] };

export async function findProfile(db: Executor, userId: string, viewerId: string | null) {
  const [row] = await db
    .select({
      user: {
        ...publicUserColumns,
        postsCount: users.postsCount,
        followersCount: users.followersCount,
        followingCount: users.followingCount,
      },
      isFollowing: viewerFollows(viewerId, users.id),
      isBlocked: viewerId ? hasBlocked(viewerId, users.id) : sql<boolean>`false`,
      isMuted: viewerId ? hasMuted(viewerId, users.id) : sql<boolean>`false`,
      isUnavailable: viewerId ? blockedBetween(viewerId, users.id) : sql<boolean>`false`,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/** Letters folded by normalizeArabic (shared/arabic.ts), as one `translate` map from → to. */
const FOLD_FROM = 'أإآٱىة٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹';
const FOLD_TO = 'اااايه01234567890123456789';
/** Tashkeel and tatweel, which normalizeArabic strips. */
const STRIP = '[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06DC\u06DF-\u06E8\u06EA-\u06ED\u0640]';

/** The SQL counterpart of normalizeArabic for a column, so a normalised query matches names as written. */
function normalized(value: SQL): SQL<string> {
  return sql<string>`lower(regexp_replace(translate(regexp_replace(${value}, ${STRIP}, '', 'g'), ${FOLD_FROM}, ${FOLD_TO}), '(.)\\1{2,}', '\\1', 'g'))`;
}

function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Users whose username or name starts with or contains the (already normalised) text: prefix matches first,
 * then the most followed, then by username. A page continues after the key of the last person shown (see
 * `PersonSearchKey`); `limit + 1` rows say whether another page follows.
 */
export async function searchUsers(
  db: Executor,
  text: string,
  viewerId: string | null,
  page: { after: PersonSearchKey | undefined; limit: number },
) {
  const fullName = normalized(sql`${users.firstName} || ' ' || ${users.lastName}`);
  const lastName = normalized(sql`${users.lastName}`);
  const contains = `%${likeEscape(text)}%`;
  const prefix = `${likeEscape(text)}%`;
  const rank = sql<number>`(case when ${users.usernameKey} like ${prefix} or ${fullName} like ${prefix} or ${lastName} like ${prefix} then 0 else 1 end)`;
  const after = page.after
    ? sql`(${rank} > ${page.after.rank} or (${rank} = ${page.after.rank} and (${users.followersCount} < ${page.after.followers}
        or (${users.followersCount} = ${page.after.followers} and ${users.usernameKey} > ${page.after.usernameKey}))))`
    : undefined;
  return db
    .select({
      user: publicUserColumns,
      isFollowing: viewerFollows(viewerId, users.id),
      key: { rank, followers: users.followersCount, usernameKey: users.usernameKey },
    })
    .from(users)
    .where(
      and(
        or(sql`${users.usernameKey} like ${contains}`, sql`${fullName} like ${contains}`),
        personVisibleTo(viewerId, users.id),
        after,
      ),
    )
    .orderBy(asc(rank), desc(users.followersCount), asc(users.usernameKey))
    .limit(page.limit + 1);
}

import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { follows, users } from '../../db/schema';
import { publicUserColumns, viewerFollows } from './profiles.repository';
import { personVisibleTo } from './visibility';

/** Inserts the follow unless it exists; true only when a row was really added. */
export async function insertFollow(db: Executor, followerId: string, followedId: string): Promise<boolean> {
  const rows = await db
    .insert(follows)
    .values({ followerId, followedId })
    .onConflictDoNothing()
    .returning({ followerId: follows.followerId });
  return rows.length > 0;
}

/** Deletes the follow if it exists; true only when a row was really removed. */
export async function deleteFollow(db: Executor, followerId: string, followedId: string): Promise<boolean> {
  const rows = await db
    .delete(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followedId, followedId)))
    .returning({ followerId: follows.followerId });
  return rows.length > 0;
}

/**
 * Moves both counters of a follow by `delta`. The two user rows are updated in id order, so two people
 * following each other at the same moment lock them in the same order and cannot deadlock.
 */
export async function adjustFollowCounts(
  db: Executor,
  followerId: string,
  followedId: string,
  delta: 1 | -1,
) {
  const updates = [
    { id: followerId, set: { followingCount: sql`greatest(${users.followingCount} + ${delta}, 0)` } },
    { id: followedId, set: { followersCount: sql`greatest(${users.followersCount} + ${delta}, 0)` } },
  ].sort((a, b) => (a.id < b.id ? -1 : 1));
  for (const update of updates) await db.update(users).set(update.set).where(eq(users.id, update.id));
}

/** PostgreSQL's text of a follow time, microseconds included, for the keyset cursor. */
const followedAtText = sql<string>`to_char(${follows.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

type FollowPage = { after?: { at: string; id: string } | undefined; offset: number; limit: number };

/**
 * One page of the people on one side of a user's follows, most recent first, keyed on (follow time, the
 * other person's id); `limit + 1` rows so the caller knows whether another page exists.
 */
export async function listFollowPeople(
  db: Executor,
  side: 'followers' | 'following',
  userId: string,
  viewerId: string | null,
  page: FollowPage,
) {
  const self = side === 'followers' ? follows.followedId : follows.followerId;
  const other = side === 'followers' ? follows.followerId : follows.followedId;
  const after = page.after
    ? sql`(${follows.createdAt}, ${other}) < (${page.after.at}::timestamptz, ${page.after.id}::uuid)`
    : undefined;
  return db
    .select({
      user: publicUserColumns,
      followedAt: followedAtText,
      isFollowing: viewerFollows(viewerId, users.id),
    })
    .from(follows)
    .innerJoin(users, eq(users.id, other))
    .where(
      and(
        eq(self, userId),
        // Across a block, neither the person's lists nor anyone in them who is across one are shown.
        personVisibleTo(viewerId, userId),
        personVisibleTo(viewerId, users.id),
        after,
      ),
    )
    .orderBy(desc(follows.createdAt), desc(other))
    .limit(page.limit + 1)
    .offset(page.offset);
}

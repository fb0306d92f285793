import { and, asc, desc, eq, gt, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import {
  blocks,
  bookmarks,
  comments,
  follows,
  mutedWords,
  mutes,
  notifications,
  posts,
  pushSubscriptions,
  sessions,
  users,
  votes,
} from '../../db/schema';

/*
 * What a user's export reads, one keyset page at a time: every function answers at most `limit` rows after the
 * row given, in an order an index of the table serves, so a long history costs many small reads instead of one
 * result held whole in memory.
 */

/** The profile, without the password hash or anything else that signs a person in. */
export async function findExportProfile(db: Executor, userId: string) {
  const [row] = await db
    .select({
      userId: users.id,
      username: users.username,
      email: users.email,
      emailVerifiedAt: users.emailVerifiedAt,
      firstName: users.firstName,
      lastName: users.lastName,
      bio: users.bio,
      avatarUrl: users.avatarUrl,
      role: users.role,
      suspendedUntil: users.suspendedUntil,
      postsCount: users.postsCount,
      followersCount: users.followersCount,
      followingCount: users.followingCount,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/** The user's posts, anonymous ones included (they are the user's own), oldest first. */
export function listExportPosts(db: Executor, userId: string, afterId: number, limit: number) {
  return db
    .select({
      id: posts.id,
      content: posts.content,
      isAnonymous: posts.isAnonymous,
      votingType: posts.votingType,
      pollOptions: posts.pollOptions,
      pollCounts: posts.pollCounts,
      pollClosesAt: posts.pollClosesAt,
      imageUrl: posts.imageUrl,
      imageAlt: posts.imageAlt,
      locationName: posts.locationName,
      latitude: posts.latitude,
      longitude: posts.longitude,
      upVotes: posts.upVotes,
      downVotes: posts.downVotes,
      ratingSum: posts.ratingSum,
      ratingCount: posts.ratingCount,
      commentCount: posts.commentCount,
      hiddenAt: posts.hiddenAt,
      editedAt: posts.editedAt,
      createdAt: posts.createdAt,
    })
    .from(posts)
    .where(and(eq(posts.authorId, userId), gt(posts.id, afterId)))
    .orderBy(asc(posts.id))
    .limit(limit);
}

/** The user's comments and replies, anonymous ones included, oldest first. */
export function listExportComments(db: Executor, userId: string, afterId: number, limit: number) {
  return db
    .select({
      id: comments.id,
      postId: comments.postId,
      parentId: comments.parentId,
      content: comments.content,
      isAnonymous: comments.isAnonymous,
      hiddenAt: comments.hiddenAt,
      createdAt: comments.createdAt,
      updatedAt: comments.updatedAt,
    })
    .from(comments)
    .where(and(eq(comments.authorId, userId), gt(comments.id, afterId)))
    .orderBy(asc(comments.id))
    .limit(limit);
}

/** The user's votes by post. */
export function listExportVotes(db: Executor, userId: string, afterPostId: number, limit: number) {
  return db
    .select({
      postId: votes.postId,
      value: votes.value,
      createdAt: votes.createdAt,
      updatedAt: votes.updatedAt,
    })
    .from(votes)
    .where(and(eq(votes.userId, userId), gt(votes.postId, afterPostId)))
    .orderBy(asc(votes.postId))
    .limit(limit);
}

/** The user's bookmarks, the latest first. */
export function listExportBookmarks(db: Executor, userId: string, beforeId: number | null, limit: number) {
  return db
    .select({ id: bookmarks.id, postId: bookmarks.postId, createdAt: bookmarks.createdAt })
    .from(bookmarks)
    .where(and(eq(bookmarks.userId, userId), beforeId === null ? undefined : lt(bookmarks.id, beforeId)))
    .orderBy(desc(bookmarks.id))
    .limit(limit);
}

/** One side of a relation between the user and other people, by the other person's id. */
type Relation = 'following' | 'followers' | 'blocks' | 'mutes';

function relationColumns(relation: Relation) {
  switch (relation) {
    case 'following':
      return { table: follows, self: follows.followerId, other: follows.followedId, at: follows.createdAt };
    case 'followers':
      return { table: follows, self: follows.followedId, other: follows.followerId, at: follows.createdAt };
    case 'blocks':
      return { table: blocks, self: blocks.blockerId, other: blocks.blockedId, at: blocks.createdAt };
    case 'mutes':
      return { table: mutes, self: mutes.muterId, other: mutes.mutedId, at: mutes.createdAt };
  }
}

/** The usernames on one side of the user's follows, blocks or mutes. */
export function listExportRelation(
  db: Executor,
  relation: Relation,
  userId: string,
  afterId: string | null,
  limit: number,
) {
  const { table, self, other, at } = relationColumns(relation);
  return db
    .select({ id: other, username: users.username, since: at })
    .from(table)
    .innerJoin(users, eq(users.id, other))
    .where(and(eq(self, userId), afterId === null ? undefined : gt(other, afterId)))
    .orderBy(asc(other))
    .limit(limit);
}

const actors = alias(users, 'actor');

/** The user's notifications, the latest first, each with who acted when that person may be named. */
export function listExportNotifications(
  db: Executor,
  userId: string,
  beforeId: number | null,
  limit: number,
) {
  return db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      actorUsername: actors.username,
      postId: notifications.postId,
      content: notifications.content,
      details: notifications.details,
      count: notifications.count,
      isRead: notifications.isRead,
      createdAt: notifications.createdAt,
      updatedAt: notifications.updatedAt,
    })
    .from(notifications)
    .leftJoin(actors, eq(actors.id, notifications.actorId))
    .where(
      and(
        eq(notifications.recipientId, userId),
        beforeId === null ? undefined : lt(notifications.id, beforeId),
      ),
    )
    .orderBy(desc(notifications.id))
    .limit(limit);
}

export function listExportMutedWords(db: Executor, userId: string, afterId: number, limit: number) {
  return db
    .select({ id: mutedWords.id, word: mutedWords.word, createdAt: mutedWords.createdAt })
    .from(mutedWords)
    .where(and(eq(mutedWords.userId, userId), gt(mutedWords.id, afterId)))
    .orderBy(asc(mutedWords.id))
    .limit(limit);
}

/** Every session the user has had that is still on record: the device, the address, the times. */
export function listExportSessions(db: Executor, userId: string, afterId: string | null, limit: number) {
  return db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), afterId === null ? undefined : gt(sessions.id, afterId)))
    .orderBy(asc(sessions.id))
    .limit(limit);
}

/** The browsers the user receives pushes on: the push service's address and since when (the keys stay out). */
export function listExportPushSubscriptions(db: Executor, userId: string, afterId: number, limit: number) {
  return db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      createdAt: pushSubscriptions.createdAt,
    })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), gt(pushSubscriptions.id, afterId)))
    .orderBy(asc(pushSubscriptions.id))
    .limit(limit);
}

/** The user's posts that carry an uploaded image, oldest first, for the archive of their images. */
export function listImagePosts(db: Executor, userId: string, afterId: number, limit: number) {
  return db
    .select({ id: posts.id, imageUrl: posts.imageUrl, createdAt: posts.createdAt })
    .from(posts)
    .where(and(eq(posts.authorId, userId), isNotNull(posts.imageUrl), gt(posts.id, afterId)))
    .orderBy(asc(posts.id))
    .limit(limit);
}

/* Deleting an account: every function below runs inside the one transaction of the deletion. */

/** Locks the user's row; undefined when the account is already gone. */
export async function lockUser(db: Executor, userId: string) {
  const [row] = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(eq(users.id, userId))
    .for('update')
    .limit(1);
  return row;
}

/**
 * Whether an admin other than this user remains. The admins' rows are locked in id order first, so two admins
 * deleting their accounts at the same moment cannot both see the other one as the one who remains.
 */
export async function otherAdminRemains(db: Executor, userId: string): Promise<boolean> {
  const admins = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'admin'))
    .orderBy(asc(users.id))
    .for('update');
  return admins.some((admin) => admin.id !== userId);
}

/**
 * Locks, in id order, every post whose counters the deletion moves or which it removes: the user's own, and
 * those the user voted on or commented on. Every write to a post's votes or comments takes its post's lock
 * first, so none of them interleaves with the deletion's counts.
 */
export async function lockTouchedPosts(db: Executor, userId: string) {
  await db.execute(sql`select p.id from ${posts} p
    where p.author_id = ${userId}
       or p.id in (select v.post_id from ${votes} v where v.user_id = ${userId})
       or p.id in (select c.post_id from ${comments} c where c.author_id = ${userId})
    order by p.id
    for update`);
}

/**
 * Removes the user's votes and takes each out of its post's counters, as `cast_vote` put it in: a like or a
 * dislike, a rating (its stars and its count), or a poll answer (its option's count).
 */
export async function removeVotes(db: Executor, userId: string) {
  await db.execute(sql`with gone as (
      delete from ${votes} where user_id = ${userId} returning post_id, value
    )
    update ${posts} p set
      up_votes = greatest(p.up_votes - case when p.voting_type = 'like-dislike' and g.value = 1 then 1 else 0 end, 0),
      down_votes = greatest(p.down_votes - case when p.voting_type = 'like-dislike' and g.value = -1 then 1 else 0 end, 0),
      rating_sum = greatest(p.rating_sum - case when p.voting_type = 'rating' then g.value else 0 end, 0),
      rating_count = greatest(p.rating_count - case when p.voting_type = 'rating' then 1 else 0 end, 0),
      poll_counts = case when p.voting_type = 'poll' and g.value + 1 <= cardinality(p.poll_counts)
        then p.poll_counts[:g.value] || greatest(p.poll_counts[g.value + 1] - 1, 0) || p.poll_counts[g.value + 2:]
        else p.poll_counts end
    from gone g
    where p.id = g.post_id`);
}

/**
 * Removes the user's comments and replies; the replies others wrote under the user's top-level comments go with
 * them (the foreign key cascades), and were counted on those comments only. Before the rows go, each surviving
 * post loses the user's visible top-level comments it counted, and each surviving top-level comment of someone
 * else loses the user's visible replies under it.
 */
export async function removeComments(db: Executor, userId: string) {
  await db.execute(sql`with per_post as (
      select c.post_id, count(*)::integer as n from ${comments} c
      where c.author_id = ${userId} and c.parent_id is null and c.hidden_at is null
      group by c.post_id
    )
    update ${posts} p set comment_count = greatest(p.comment_count - per_post.n, 0)
    from per_post
    where p.id = per_post.post_id and p.author_id <> ${userId}`);
  await db.execute(sql`with per_thread as (
      select r.parent_id, count(*)::integer as n from ${comments} r
      where r.author_id = ${userId} and r.parent_id is not null and r.hidden_at is null
      group by r.parent_id
    )
    update ${comments} c set reply_count = greatest(c.reply_count - per_thread.n, 0)
    from per_thread
    where c.id = per_thread.parent_id and c.author_id <> ${userId}`);
  await db.delete(comments).where(eq(comments.authorId, userId));
}

/**
 * Takes the user's follows out of the counters of the people on the other side, their rows locked in id order
 * as `adjustFollowCounts` locks them; the follow rows go with the user.
 */
export async function uncountFollows(db: Executor, userId: string) {
  await db.execute(sql`select u.id from ${users} u
    where u.id in (
      select f.followed_id from ${follows} f where f.follower_id = ${userId}
      union select f.follower_id from ${follows} f where f.followed_id = ${userId})
    order by u.id
    for update`);
  await db
    .update(users)
    .set({ followersCount: sql`greatest(${users.followersCount} - 1, 0)` })
    .where(
      inArray(
        users.id,
        db.select({ id: follows.followedId }).from(follows).where(eq(follows.followerId, userId)),
      ),
    );
  await db
    .update(users)
    .set({ followingCount: sql`greatest(${users.followingCount} - 1, 0)` })
    .where(
      inArray(
        users.id,
        db.select({ id: follows.followerId }).from(follows).where(eq(follows.followedId, userId)),
      ),
    );
}

/**
 * Removes the user's posts (their votes, comments, bookmarks, versions and reports go with them); answers the
 * images they showed. Their hashtags must have been detached first, so that the tags' counts stay exact.
 */
export async function removePosts(db: Executor, userId: string) {
  const rows = await db
    .delete(posts)
    .where(eq(posts.authorId, userId))
    .returning({ imageUrl: posts.imageUrl });
  return rows.flatMap((row) => (row.imageUrl ? [row.imageUrl] : []));
}

/** Removes the user's row, and with it everything that only refers to it; answers the avatar it showed. */
export async function removeUser(db: Executor, userId: string) {
  const [row] = await db.delete(users).where(eq(users.id, userId)).returning({ avatarUrl: users.avatarUrl });
  return row;
}

import { and, asc, desc, eq, gt, isNull, lt, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { comments, posts, users } from '../../db/schema';
import { visibleTo, type Viewer } from '../posts/posts.repository';
import { signedNotBlocked, signedShownTo } from '../users/visibility';

/** A column of the comment's author, null when the comment is anonymous. */
function signed<T>(column: SQLWrapper & { _: { data: T } }) {
  return sql<T | null>`case when ${comments.isAnonymous} then null else ${column} end`;
}

const selection = {
  comment: {
    id: comments.id,
    postId: comments.postId,
    parentId: comments.parentId,
    replyCount: comments.replyCount,
    authorId: comments.authorId,
    content: comments.content,
    isAnonymous: comments.isAnonymous,
    hiddenAt: comments.hiddenAt,
    createdAt: comments.createdAt,
    updatedAt: comments.updatedAt,
  },
  /** Null for an anonymous comment: its author's names and avatar are never read (the id stays, for ownership). */
  author: {
    username: signed(users.username),
    firstName: signed(users.firstName),
    lastName: signed(users.lastName),
    avatarUrl: signed(users.avatarUrl),
  },
};

export type CommentRecord = NonNullable<Awaited<ReturnType<typeof findCommentRecord>>>;

/** Hidden comments stay visible to their author and to moderators only. */
export function commentVisibleTo(viewer: Viewer | null): SQL | undefined {
  if (viewer?.seesHidden) return undefined;
  return viewer
    ? or(isNull(comments.hiddenAt), eq(comments.authorId, viewer.userId))
    : isNull(comments.hiddenAt);
}

/**
 * What every comment list shows a viewer: the one place a listing condition (visibility, and whatever else hides
 * a comment from someone) is written, for the top-level list and the replies alike.
 */
function listedTo(viewer: Viewer | null): SQL | undefined {
  return and(
    commentVisibleTo(viewer),
    signedShownTo(viewer?.userId ?? null, comments.authorId, comments.isAnonymous),
  );
}

/** A signed post across a block is missing for the viewer, and so are its comments (users/visibility.ts). */
function postOpenTo(viewer: Viewer | null): SQL | undefined {
  return and(visibleTo(viewer), signedNotBlocked(viewer?.userId ?? null, posts.authorId, posts.isAnonymous));
}

function selectComments(db: Executor) {
  return db.select(selection).from(comments).innerJoin(users, eq(users.id, comments.authorId));
}

/** A comment with its author, whoever may see it: callers apply their own visibility. */
export async function findCommentRecord(db: Executor, id: number) {
  const [row] = await selectComments(db).where(eq(comments.id, id)).limit(1);
  return row;
}

/** The post a comment list belongs to, if the viewer may see it; its counter is the list's total. */
export async function findVisiblePost(db: Executor, postId: number, viewer: Viewer | null) {
  const [row] = await db
    .select({ id: posts.id, commentCount: posts.commentCount })
    .from(posts)
    .where(and(eq(posts.id, postId), postOpenTo(viewer)))
    .limit(1);
  return row;
}

/** A top-level comment whose replies the viewer may list: visible to them, on a post visible to them. */
export async function findVisibleThread(db: Executor, id: number, viewer: Viewer | null) {
  const [row] = await db
    .select({ id: comments.id, replyCount: comments.replyCount })
    .from(comments)
    .innerJoin(posts, eq(posts.id, comments.postId))
    .where(
      and(
        eq(comments.id, id),
        isNull(comments.parentId),
        commentVisibleTo(viewer),
        signedNotBlocked(viewer?.userId ?? null, comments.authorId, comments.isAnonymous),
        postOpenTo(viewer),
      ),
    )
    .limit(1);
  return row;
}

/** One keyset page of the replies under a top-level comment, oldest first: `limit + 1` rows. */
export async function listReplies(
  db: Executor,
  parentId: number,
  viewer: Viewer | null,
  page: { afterId?: number | undefined; limit: number },
) {
  return selectComments(db)
    .where(
      and(
        eq(comments.parentId, parentId),
        listedTo(viewer),
        page.afterId ? gt(comments.id, page.afterId) : undefined,
      ),
    )
    .orderBy(asc(comments.id))
    .limit(page.limit + 1);
}

/** One keyset page of a post's top-level comments: `limit + 1` rows so the caller knows whether another page exists. */
export async function listComments(
  db: Executor,
  postId: number,
  viewer: Viewer | null,
  page: {
    order: 'oldest' | 'newest';
    afterId?: number | undefined;
    offset?: number | undefined;
    limit: number;
  },
) {
  const oldest = page.order === 'oldest';
  const after = page.afterId
    ? oldest
      ? gt(comments.id, page.afterId)
      : lt(comments.id, page.afterId)
    : undefined;
  return selectComments(db)
    .where(and(eq(comments.postId, postId), isNull(comments.parentId), listedTo(viewer), after))
    .orderBy(oldest ? asc(comments.id) : desc(comments.id))
    .limit(page.limit + 1)
    .offset(page.offset ?? 0);
}

/**
 * Counts one more comment on a post that is open to comments (exists and is not hidden). The update is the
 * check: it locks the post row, so the post cannot be deleted or hidden before the comment is written.
 * Only top-level comments are counted on the post; replies are counted on their comment.
 */
/** Counts a new comment on a post that is open; answers the post's author, or undefined when it is not open. */
export async function countCommentOnOpenPost(
  db: Executor,
  postId: number,
): Promise<{ authorId: string; isAnonymous: boolean } | undefined> {
  const [row] = await db
    .update(posts)
    .set({ commentCount: sql`${posts.commentCount} + 1` })
    .where(and(eq(posts.id, postId), isNull(posts.hiddenAt)))
    .returning({ authorId: posts.authorId, isAnonymous: posts.isAnonymous });
  return row;
}

/** Locks a post that is open to replies (exists, not hidden) and answers its author; undefined otherwise. */
export async function lockOpenPost(db: Executor, postId: number) {
  const [row] = await db
    .select({ authorId: posts.authorId, isAnonymous: posts.isAnonymous })
    .from(posts)
    .where(and(eq(posts.id, postId), isNull(posts.hiddenAt)))
    .for('update')
    .limit(1);
  return row;
}

/** The comment a reply answers, with its author's username when it is signed (null when anonymous). */
export async function findAnswered(db: Executor, id: number) {
  const [row] = await db
    .select({
      id: comments.id,
      postId: comments.postId,
      parentId: comments.parentId,
      authorId: comments.authorId,
      isAnonymous: comments.isAnonymous,
      hiddenAt: comments.hiddenAt,
      username: signed(users.username),
    })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.authorId))
    .where(eq(comments.id, id))
    .limit(1);
  return row;
}

/**
 * Counts one more reply under a top-level comment that is not hidden; the update is the check (and the row lock
 * until the reply is written). Answers the comment's author, or undefined when it is gone or hidden.
 */
export async function countReply(db: Executor, topId: number) {
  const [row] = await db
    .update(comments)
    .set({ replyCount: sql`${comments.replyCount} + 1` })
    .where(and(eq(comments.id, topId), isNull(comments.parentId), isNull(comments.hiddenAt)))
    .returning({ authorId: comments.authorId });
  return row;
}

export async function uncountReply(db: Executor, topId: number) {
  await db
    .update(comments)
    .set({ replyCount: sql`greatest(${comments.replyCount} - 1, 0)` })
    .where(eq(comments.id, topId));
}

/** A comment that stopped being visible leaves its counter: the post's for a top-level one, its thread's for a reply. */
export async function uncountVisible(db: Executor, comment: { postId: number; parentId: number | null }) {
  if (comment.parentId === null) await uncountComment(db, comment.postId);
  else await uncountReply(db, comment.parentId);
}

export async function uncountComment(db: Executor, postId: number) {
  await db
    .update(posts)
    .set({ commentCount: sql`greatest(${posts.commentCount} - 1, 0)` })
    .where(eq(posts.id, postId));
}

export async function insertComment(db: Executor, comment: typeof comments.$inferInsert) {
  const [row] = await db.insert(comments).values(comment).returning({ id: comments.id });
  return row!.id;
}

/** Edits a comment only when the caller wrote it; undefined for a missing or foreign comment alike. */
export async function updateOwnComment(db: Executor, id: number, authorId: string, content: string) {
  const [row] = await db
    .update(comments)
    .set({ content, updatedAt: sql`now()` })
    .where(and(eq(comments.id, id), eq(comments.authorId, authorId)))
    .returning({ id: comments.id, postId: comments.postId, isAnonymous: comments.isAnonymous });
  return row;
}

/** The post of a comment the caller wrote; undefined for a missing or foreign comment alike. */
export async function findOwnCommentPost(db: Executor, id: number, authorId: string) {
  const [row] = await db
    .select({ postId: comments.postId })
    .from(comments)
    .where(and(eq(comments.id, id), eq(comments.authorId, authorId)))
    .limit(1);
  return row?.postId;
}

/**
 * Locks a post row. Every write that touches a post's comments or reports takes this lock first, in the
 * same order as a post deletion (post, then its comments, then their reports), so they cannot deadlock.
 */
export async function lockPost(db: Executor, postId: number) {
  const [row] = await db
    .select({ id: posts.id })
    .from(posts)
    .where(eq(posts.id, postId))
    .for('update')
    .limit(1);
  return row !== undefined;
}

/** Deletes a comment only when the caller wrote it; undefined for a missing or foreign comment alike. */
export async function deleteOwnComment(db: Executor, id: number, authorId: string) {
  const [row] = await db
    .delete(comments)
    .where(and(eq(comments.id, id), eq(comments.authorId, authorId)))
    .returning({ postId: comments.postId, parentId: comments.parentId, hiddenAt: comments.hiddenAt });
  return row;
}

/**
 * Hides a comment by moderation (the caller holds the lock of its post). The counter it was shown in drops
 * once, when the comment actually becomes hidden: the post's for a top-level comment, its thread's for a reply.
 */
export async function hideComment(db: Executor, id: number) {
  const [row] = await db
    .update(comments)
    .set({ hiddenAt: sql`now()` })
    .where(and(eq(comments.id, id), isNull(comments.hiddenAt)))
    .returning({ postId: comments.postId, parentId: comments.parentId });
  if (row) await uncountVisible(db, row);
}

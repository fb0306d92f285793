import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { bookmarks, posts } from '../../db/schema';
import { visibleTo, type Viewer } from '../posts/posts.repository';

/** Whether the viewer may see a post: bookmarks are only for posts one can see. */
export async function visiblePostExists(db: Executor, viewer: Viewer, postId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.id, postId), visibleTo(viewer)))
    .limit(1);
  return row !== undefined;
}

/** The (user, post) primary key turns a repeated save, concurrent ones included, into a no-op. */
export async function insertBookmark(db: Executor, userId: string, postId: number) {
  await db.insert(bookmarks).values({ userId, postId }).onConflictDoNothing();
}

export async function deleteBookmark(db: Executor, userId: string, postId: number) {
  await db.delete(bookmarks).where(and(eq(bookmarks.userId, userId), eq(bookmarks.postId, postId)));
}

/** Whether the viewer saved a post that the viewer may still see. */
export async function bookmarkExists(db: Executor, viewer: Viewer, postId: number): Promise<boolean> {
  const [row] = await db
    .select({ postId: bookmarks.postId })
    .from(bookmarks)
    .innerJoin(posts, eq(posts.id, bookmarks.postId))
    .where(and(eq(bookmarks.userId, viewer.userId), eq(bookmarks.postId, postId), visibleTo(viewer)))
    .limit(1);
  return row !== undefined;
}

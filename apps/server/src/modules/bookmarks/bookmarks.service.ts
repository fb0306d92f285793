import type { z } from 'zod';
import { msg } from '@ray/shared/messages.ar';
import type { BookmarkResult, bookmarksQuerySchema } from '@ray/shared/schemas/bookmark';
import type { Paged } from '@ray/shared/schemas/common';
import type { Post } from '@ray/shared/schemas/post';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { isForeignKeyViolation } from '../../lib/db-errors';
import type { Viewer } from '../posts/posts.repository';
import * as postsService from '../posts/posts.service';
import * as repo from './bookmarks.repository';

/** Saving twice answers like saving once; a post the caller cannot see answers 404. */
export async function addBookmark(ctx: AppContext, viewer: Viewer, postId: number): Promise<BookmarkResult> {
  const db = ctx.database.db;
  if (!(await repo.visiblePostExists(db, viewer, postId)))
    throw new AppError('NOT_FOUND', { message: msg.postNotFound });
  try {
    await repo.insertBookmark(db, viewer.userId, postId);
  } catch (error) {
    // The post was deleted between the check and the insert.
    if (isForeignKeyViolation(error)) throw new AppError('NOT_FOUND', { message: msg.postNotFound });
    throw error;
  }
  return { success: true, message: msg.bookmarkAdded, isBookmarked: true };
}

/** Removing is idempotent, and works even for a post the caller can no longer see. */
export async function removeBookmark(
  ctx: AppContext,
  viewer: Viewer,
  postId: number,
): Promise<BookmarkResult> {
  await repo.deleteBookmark(ctx.database.db, viewer.userId, postId);
  return { success: true, message: msg.bookmarkRemoved, isBookmarked: false };
}

export async function bookmarkExists(
  ctx: AppContext,
  viewer: Viewer,
  postId: number,
): Promise<{ exists: boolean }> {
  return { exists: await repo.bookmarkExists(ctx.database.db, viewer, postId) };
}

/** The caller's saved posts, most recently saved first: the Bookmarks feed of the posts module. */
export async function listBookmarks(
  ctx: AppContext,
  viewer: Viewer,
  query: z.output<typeof bookmarksQuerySchema>,
): Promise<Paged<Post>> {
  return postsService.listPosts(ctx, viewer, { ...query, pageType: 'Bookmarks' });
}

import { z } from 'zod';
import { cursorParam, pageSizeParam } from './common';
import { postIdField } from './comment';
import { pageParam } from './fields';

/** `POST /api/bookmarks`. */
export const createBookmarkSchema = z.object({ postId: postIdField });
export type CreateBookmarkPayload = z.input<typeof createBookmarkSchema>;

export const bookmarkResultSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  isBookmarked: z.boolean(),
});
export type BookmarkResult = z.infer<typeof bookmarkResultSchema>;

export const bookmarkExistsSchema = z.object({ exists: z.boolean() });
export type BookmarkExists = z.infer<typeof bookmarkExistsSchema>;

/** `GET /api/bookmarks`: most recently saved first. */
export const bookmarksQuerySchema = z.object({
  page: pageParam,
  pageSize: pageSizeParam,
  cursor: cursorParam.optional(),
});
export type BookmarksQuery = z.input<typeof bookmarksQuerySchema>;

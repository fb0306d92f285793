import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '@ray/shared/errors';
import { msg } from '@ray/shared/messages.ar';
import {
  bookmarkExistsSchema,
  bookmarkResultSchema,
  bookmarksQuerySchema,
  createBookmarkSchema,
} from '@ray/shared/schemas/bookmark';
import { idParam } from '@ray/shared/schemas/fields';
import { pagedPostsSchema } from '@ray/shared/schemas/post';
import { AppError } from '../../lib/app-error';
import type { Viewer } from '../posts/posts.repository';
import { viewerOf } from '../posts/posts.service';
import * as bookmarksService from './bookmarks.service';

const tags = ['bookmarks'];
const security = [{ bearer: [] }];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };
const params = z.object({ postId: idParam });

/** Every bookmark call needs a signed-in caller; visitors get the login prompt of spec section 8. */
function bookmarker(request: FastifyRequest): Viewer {
  if (!request.auth) throw new AppError('UNAUTHORIZED', { message: msg.loginToBookmark });
  return viewerOf(request.auth)!;
}

export const bookmarksRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/',
    {
      schema: {
        tags,
        summary: 'Save a post (saving twice is a no-op)',
        security,
        body: createBookmarkSchema,
        response: { 200: bookmarkResultSchema, ...errors },
      },
    },
    async (request) => bookmarksService.addBookmark(app.ctx, bookmarker(request), request.body.postId),
  );

  app.delete(
    '/:postId',
    {
      schema: {
        tags,
        summary: 'Remove a saved post (idempotent)',
        security,
        params,
        response: { 200: bookmarkResultSchema, ...errors },
      },
    },
    async (request) => bookmarksService.removeBookmark(app.ctx, bookmarker(request), request.params.postId),
  );

  app.get(
    '/',
    {
      schema: {
        tags,
        summary:
          "The caller's saved posts, most recently saved first. Page with `cursor` (pagination.nextCursor).",
        security,
        querystring: bookmarksQuerySchema,
        response: { 200: pagedPostsSchema, ...errors },
      },
    },
    async (request) => bookmarksService.listBookmarks(app.ctx, bookmarker(request), request.query),
  );

  app.get(
    '/:postId/exists',
    {
      schema: {
        tags,
        summary: 'Whether the caller saved a post',
        security,
        params,
        response: { 200: bookmarkExistsSchema, ...errors },
      },
    },
    async (request) => bookmarksService.bookmarkExists(app.ctx, bookmarker(request), request.params.postId),
  );
};

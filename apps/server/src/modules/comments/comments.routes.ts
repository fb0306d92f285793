import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '@ray/shared/errors';
import { msg } from '@ray/shared/messages.ar';
import {
  commentSchema,
  commentsQuerySchema,
  createCommentSchema,
  pagedCommentsSchema,
  repliesQuerySchema,
  updateCommentSchema,
} from '@ray/shared/schemas/comment';
import { successSchema } from '@ray/shared/schemas/common';
import { idParam } from '@ray/shared/schemas/fields';
import { AppError } from '../../lib/app-error';
import { requireAuth } from '../../plugins/auth';
import { httpCaching, sendShared } from '../../plugins/http-caching';
import { viewerOf } from '../posts/posts.service';
import * as commentsService from './comments.service';

const tags = ['comments'];
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  /** A suspended author may not comment or edit comments (ACCOUNT_SUSPENDED). */
  403: errorResponseSchema,
  404: errorResponseSchema,
};
const params = z.object({ id: idParam });

export const commentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/',
    {
      schema: {
        tags,
        summary:
          'Comment on a post, optionally anonymously (not on a post hidden by moderation). With `parentId`, a ' +
          'reply: filed under the top-level comment (a reply to a reply goes under the same one, starting with ' +
          '`@username` of the person answered when named); 400 when that comment is on another post, 404 when ' +
          'it is missing or hidden.',
        security: [{ bearer: [] }],
        body: createCommentSchema,
        response: { 201: commentSchema, ...errors },
      },
    },
    async (request, reply) => {
      if (!request.auth) throw new AppError('UNAUTHORIZED', { message: msg.loginToComment });
      return reply
        .status(201)
        .send(await commentsService.createComment(app.ctx, viewerOf(request.auth)!, request.body));
    },
  );

  app.get(
    '/',
    {
      schema: {
        tags,
        summary:
          'Top-level comments of a post, each with `replyCount`, oldest first by default (`order=newest` for the ' +
          'latest first). Page with `cursor` (pagination.nextCursor). The total counts top-level comments only.',
        querystring: commentsQuerySchema,
        response: { 200: pagedCommentsSchema, ...errors },
      },
      onSend: httpCaching,
    },
    async (request, reply) =>
      sendShared(app.ctx.publicAnswers, request, reply, {
        read: () => commentsService.listComments(app.ctx, null, request.query),
        readOwn: () => commentsService.listComments(app.ctx, viewerOf(request.auth), request.query),
        // Shown with their post: what changes it or its comments (a new, edited, deleted or hidden one) evicts them.
        contents: () => ({ posts: [request.query.postId], list: false }),
      }),
  );

  app.get(
    '/:id/replies',
    {
      schema: {
        tags,
        summary:
          'Replies under a top-level comment, oldest first; page with `cursor`. 404 when the comment is not ' +
          'visible to the caller.',
        params,
        querystring: repliesQuerySchema,
        response: { 200: pagedCommentsSchema, ...errors },
      },
    },
    async (request) =>
      commentsService.listReplies(app.ctx, viewerOf(request.auth), request.params.id, request.query),
  );

  app.put(
    '/:id',
    {
      schema: {
        tags,
        summary: "Edit the text of one's own comment",
        security: [{ bearer: [] }],
        params,
        body: updateCommentSchema,
        response: { 200: commentSchema, ...errors },
      },
    },
    async (request) =>
      commentsService.updateComment(
        app.ctx,
        viewerOf(requireAuth(request))!,
        request.params.id,
        request.body.content,
      ),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        summary: "Delete one's own comment",
        security: [{ bearer: [] }],
        params,
        response: { 200: successSchema, ...errors },
      },
    },
    async (request) => {
      await commentsService.deleteComment(app.ctx, viewerOf(requireAuth(request))!, request.params.id);
      return { success: true, message: msg.commentDeleted };
    },
  );
};

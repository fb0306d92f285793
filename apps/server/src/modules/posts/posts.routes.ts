import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '@ray/shared/errors';
import { msg } from '@ray/shared/messages.ar';
import { successSchema } from '@ray/shared/schemas/common';
import { idParam } from '@ray/shared/schemas/fields';
import {
  createPostSchema,
  pagedPostVersionsSchema,
  pagedPostsSchema,
  postHistoryQuerySchema,
  postSchema,
  postsQuerySchema,
  updatePostSchema,
} from '@ray/shared/schemas/post';
import { AppError } from '../../lib/app-error';
import { requireAuth } from '../../plugins/auth';
import { httpCaching, sendShared } from '../../plugins/http-caching';
import { listPostHistory } from './post-history.service';
import * as postsService from './posts.service';
import { sharedPage, sharedPost } from './shared-answers';

const tags = ['posts'];
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};
const params = z.object({ id: idParam });

export const postsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/',
    {
      schema: {
        tags,
        summary: 'Publish a post',
        security: [{ bearer: [] }],
        body: createPostSchema,
        response: { 201: postSchema, ...errors },
      },
    },
    async (request, reply) => {
      if (!request.auth) throw new AppError('UNAUTHORIZED', { message: msg.unauthorized });
      return reply
        .status(201)
        .send(await postsService.createPost(app.ctx, request.auth.userId, request.body));
    },
  );

  app.get(
    '/paginated',
    {
      schema: {
        tags,
        summary:
          "Posts newest first: all, mine, bookmarked, one author's, or one hashtag's. Page with `cursor` (pagination.nextCursor).",
        querystring: postsQuerySchema,
        response: { 200: pagedPostsSchema, ...errors },
      },
      onSend: httpCaching,
    },
    async (request, reply) => {
      const { pageType, userId } = request.query;
      await sendShared(
        app.ctx.publicAnswers,
        request,
        reply,
        sharedPage(
          app.ctx,
          request.auth,
          (viewer) => postsService.listPosts(app.ctx, viewer, request.query),
          {
            // Saved posts, the following feed and one's own posts are one reader's lists, never a visitor's.
            sharedWithMembers: pageType === 'All' && userId !== request.auth?.userId,
          },
        ),
      );
    },
  );

  app.get(
    '/:id',
    {
      schema: { tags, summary: 'One post', params, response: { 200: postSchema, ...errors } },
      onSend: httpCaching,
    },
    async (request, reply) =>
      sendShared(
        app.ctx.publicAnswers,
        request,
        reply,
        sharedPost(app.ctx, request.auth, (viewer) =>
          postsService.getPost(app.ctx, request.params.id, viewer),
        ),
      ),
  );

  app.get(
    '/:id/history',
    {
      schema: {
        tags,
        summary:
          "An edited post's earlier contents with the time each was published, newest first (same visibility as the post).",
        params,
        querystring: postHistoryQuerySchema,
        response: { 200: pagedPostVersionsSchema, ...errors },
      },
    },
    async (request) =>
      listPostHistory(app.ctx, postsService.viewerOf(request.auth), request.params.id, request.query),
  );

  app.put(
    '/:id',
    {
      schema: {
        tags,
        summary: "Edit content, anonymity, image and location of one's own post",
        security: [{ bearer: [] }],
        params,
        body: updatePostSchema,
        response: { 200: postSchema, ...errors },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      return postsService.updatePost(app.ctx, postsService.viewerOf(auth)!, request.params.id, request.body);
    },
  );

  app.post(
    '/:id/delete',
    {
      schema: {
        tags,
        summary: "Delete one's own post",
        security: [{ bearer: [] }],
        params,
        response: { 200: successSchema, ...errors },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      await postsService.deletePost(app.ctx, postsService.viewerOf(auth)!, request.params.id);
      return { success: true, message: msg.postDeleted };
    },
  );
};

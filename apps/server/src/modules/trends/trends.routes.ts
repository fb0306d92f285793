import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@ray/shared/errors';
import { pagedPostsSchema } from '@ray/shared/schemas/post';
import { trendingPostsQuerySchema } from '@ray/shared/schemas/search';
import { httpCaching, sendShared } from '../../plugins/http-caching';
import { sharedPage } from '../posts/shared-answers';
import * as trends from './trends.service';

const tags = ['posts'];

/** Registered under `/api/posts`: a two-segment static path, so it never meets `GET /api/posts/:id`. */
export const trendsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/trending/paginated',
    {
      schema: {
        tags,
        summary:
          'Trending posts of the last `days` days (1-30, default 7): engagement (votes, ratings, poll answers, comments twice) decayed by age, ' +
          'best first; hidden posts left out, anonymous ones without their author. `hashtag` narrows to one tag; `categoryId` is accepted and ignored. ' +
          'The ranking is refreshed every minute; page with `cursor` (pagination.nextCursor).',
        querystring: trendingPostsQuerySchema,
        response: { 200: pagedPostsSchema, 400: errorResponseSchema, 401: errorResponseSchema },
      },
      onSend: httpCaching,
    },
    async (request, reply) =>
      sendShared(
        app.ctx.publicAnswers,
        request,
        reply,
        sharedPage(app.ctx, request.auth, (viewer) => trends.trendingPosts(app.ctx, viewer, request.query)),
      ),
  );
};

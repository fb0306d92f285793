import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '@ray/shared/errors';
import {
  hashtagPostsParamsSchema,
  hashtagPostsQuerySchema,
  hashtagSchema,
  hashtagSearchQuerySchema,
  hashtagsQuerySchema,
  trendingHashtagSchema,
  trendingHashtagsQuerySchema,
} from '@ray/shared/schemas/hashtag';
import { pagedPostsSchema } from '@ray/shared/schemas/post';
import { httpCaching, sendShared } from '../../plugins/http-caching';
import { sharedList, sharedPage } from '../posts/shared-answers';
import * as hashtags from './hashtags.service';

const tags = ['hashtags'];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema };

export const hashtagsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags,
        summary:
          'Most used hashtags of all time (`limit` 1-100, default 20); usageCount equals postCount here',
        querystring: hashtagsQuerySchema,
        response: { 200: z.array(hashtagSchema), ...errors },
      },
    },
    async (request) => hashtags.topHashtags(app.ctx, request.query.limit),
  );

  app.get(
    '/trending',
    {
      schema: {
        tags,
        summary:
          'Trending hashtags of the last `days` days (1-30, default 7), `count` of them (1-50, default 10), ranked by distinct authors ' +
          '(usageCount) in the period; hidden posts do not count. `daily` gives distinct authors per Saudi calendar day for the chart. ' +
          'Refreshed every minute.',
        querystring: trendingHashtagsQuerySchema,
        response: { 200: z.array(trendingHashtagSchema), ...errors },
      },
      onSend: httpCaching,
    },
    async (request, reply) =>
      sendShared(
        app.ctx.publicAnswers,
        request,
        reply,
        sharedList(app.ctx, request.auth, (viewer) =>
          hashtags.trendingHashtags(app.ctx, request.query.count, request.query.days, viewer?.userId ?? null),
        ),
      ),
  );

  app.get(
    '/search',
    {
      schema: {
        tags,
        summary:
          'Hashtags containing `query` (with or without #, any spelling variant: tashkeel, hamza, ta marbuta...), at most 20: ' +
          'the exact tag first, then prefixes, then close spellings',
        querystring: hashtagSearchQuerySchema,
        response: { 200: z.array(hashtagSchema), ...errors },
      },
    },
    async (request) => hashtags.searchHashtags(app.ctx, request.query.query),
  );

  app.get(
    '/:name/posts',
    {
      schema: {
        tags,
        summary:
          'Posts of one hashtag (URL-encoded, with or without #; spelling variants are the same tag), in the shape of GET /api/posts/paginated. ' +
          "`sortBy` recent (default, newest first) or popular (engagement among the tag's newest 1,000 posts). " +
          'An unknown tag answers an empty page. Page with `cursor` (pagination.nextCursor).',
        params: hashtagPostsParamsSchema,
        querystring: hashtagPostsQuerySchema,
        response: { 200: pagedPostsSchema, ...errors },
      },
      onSend: httpCaching,
    },
    async (request, reply) =>
      sendShared(
        app.ctx.publicAnswers,
        request,
        reply,
        sharedPage(app.ctx, request.auth, (viewer) =>
          hashtags.hashtagPosts(app.ctx, viewer, request.params.name, request.query),
        ),
      ),
  );
};

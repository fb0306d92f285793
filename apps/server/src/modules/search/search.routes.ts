import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@ray/shared/errors';
import { pagedPostsSchema } from '@ray/shared/schemas/post';
import { searchPostsQuerySchema } from '@ray/shared/schemas/search';
import { httpCaching, sendShared } from '../../plugins/http-caching';
import { sharedPage } from '../posts/shared-answers';
import * as search from './search.service';

const tags = ['posts'];

/** Registered under `/api/posts`; the static segment wins over `GET /api/posts/:id`. */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/search',
    {
      schema: {
        tags,
        summary:
          'Search posts. `query` (1-200 characters) is matched Arabic-aware: spelling variants (tashkeel, tatweel, hamza and alef forms, ' +
          'ta marbuta, alef maksura, Arabic-Indic digits, stretched letters), stems and prefixed forms, broken plurals and partial words; ' +
          '`#tag` words require the tag. Every word must match. Only content and tags are searched, never author names. ' +
          '`hashtag` narrows to one tag. `sortBy`: relevance (default: exact phrase and tag matches, then text rank, then newest), ' +
          'recent, popular or trending. At most the 1,000 newest matches are ranked (totalCount ≤ 1000). Page with `cursor` (pagination.nextCursor).',
        querystring: searchPostsQuerySchema,
        response: { 200: pagedPostsSchema, 400: errorResponseSchema, 401: errorResponseSchema },
      },
      onSend: httpCaching,
    },
    async (request, reply) =>
      sendShared(
        app.ctx.publicAnswers,
        request,
        reply,
        sharedPage(app.ctx, request.auth, (viewer) => search.searchPosts(app.ctx, viewer, request.query)),
      ),
  );
};

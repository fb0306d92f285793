import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '@ray/shared/errors';
import { msg } from '@ray/shared/messages.ar';
import { idParam } from '@ray/shared/schemas/fields';
import {
  pollResultsSchema,
  ratingResultsSchema,
  votingStatisticsSchema,
  voteResultSchema,
  voteSchema,
} from '@ray/shared/schemas/post';
import { AppError } from '../../lib/app-error';
import { requireAuth } from '../../plugins/auth';
import { viewerOf } from '../posts/posts.service';
import * as votes from './votes.service';

const tags = ['votes'];
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  /** A suspended user may not vote (ACCOUNT_SUSPENDED). */
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const params = z.object({ id: idParam });

export const votesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/',
    {
      schema: {
        tags,
        summary:
          'Vote: 1 / -1 (the same value again removes it), a rating 1-5, or a poll option index (once)',
        security: [{ bearer: [] }],
        body: voteSchema,
        response: { 200: voteResultSchema, ...errors },
      },
    },
    async (request) => {
      if (!request.auth) throw new AppError('UNAUTHORIZED', { message: msg.loginToVote });
      return votes.vote(app.ctx, viewerOf(request.auth)!, request.body.postId, request.body.value);
    },
  );

  app.get(
    '/post/:id',
    {
      schema: {
        tags,
        summary: "Vote totals of a post and the caller's own vote",
        params,
        response: {
          200: z.object({ votingStatistics: votingStatisticsSchema, userVote: z.number().int().nullable() }),
          ...errors,
        },
      },
    },
    async (request) => votes.postVotes(app.ctx, viewerOf(request.auth), request.params.id),
  );

  app.get(
    '/post/:id/user-rating',
    {
      schema: {
        tags,
        summary: "The caller's rating of a post",
        security: [{ bearer: [] }],
        params,
        response: { 200: z.object({ rating: z.number().int().nullable() }), ...errors },
      },
    },
    async (request) => votes.userRating(app.ctx, viewerOf(requireAuth(request))!, request.params.id),
  );

  app.get(
    '/post/:id/rating-results',
    {
      schema: {
        tags,
        summary: 'Average, count and distribution of a rating post',
        params,
        response: { 200: ratingResultsSchema, ...errors },
      },
    },
    async (request) => votes.ratingResults(app.ctx, viewerOf(request.auth), request.params.id),
  );

  app.get(
    '/post/:id/poll-results',
    {
      schema: {
        tags,
        summary: 'Votes and percentages per poll option',
        params,
        response: { 200: pollResultsSchema, ...errors },
      },
    },
    async (request) => votes.pollResults(app.ctx, viewerOf(request.auth), request.params.id),
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '@ray/shared/errors';
import { uuidParam } from '@ray/shared/schemas/fields';
import { followListQuerySchema, followResultSchema, followSchema } from '@ray/shared/schemas/follow';
import {
  pagedUsersSchema,
  publicProfileSchema,
  userSearchQuerySchema,
  userSearchResultSchema,
  userSuggestionsQuerySchema,
  userSuggestionsSchema,
} from '@ray/shared/schemas/profile';
import { requireAuth } from '../../plugins/auth';
import * as follows from './follows.service';
import * as profiles from './profiles.service';
import { suggestPeople } from './suggestions.service';

const tags = ['users'];
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};
/** A uuid, so that the fixed paths of this prefix (/profile, /search, /follow…) are never taken for an id. */
const params = z.object({ id: uuidParam });

/** Public profiles, follows and user search, under `/api/users` next to the signed-in user's own routes. */
export const profilesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/search',
    {
      schema: {
        tags,
        summary:
          'Users whose username or name starts with or contains q (Arabic-normalised), prefix matches first. Page with `cursor` (pagination.nextCursor).',
        querystring: userSearchQuerySchema,
        response: { 200: userSearchResultSchema, ...errors },
      },
    },
    async (request) => profiles.searchUsers(app.ctx, request.query, request.auth?.userId ?? null),
  );

  app.get(
    '/suggestions',
    {
      schema: {
        tags,
        summary:
          'People to follow: followed by those the caller follows, else the most active authors of the week',
        security: [{ bearer: [] }],
        querystring: userSuggestionsQuerySchema,
        response: { 200: userSuggestionsSchema, ...errors },
      },
    },
    async (request) => suggestPeople(app.ctx, requireAuth(request).userId, request.query.limit),
  );

  app.post(
    '/follow',
    {
      schema: {
        tags,
        summary: 'Follow a user; followerId must be the caller. Following again is a no-op answering true.',
        security: [{ bearer: [] }],
        body: followSchema,
        response: { 200: followResultSchema, ...errors },
      },
    },
    async (request) => follows.follow(app.ctx, requireAuth(request), request.body),
  );

  app.post(
    '/unfollow',
    {
      schema: {
        tags,
        summary: 'Stop following a user; followerId must be the caller. Answers true once not following.',
        security: [{ bearer: [] }],
        body: followSchema,
        response: { 200: followResultSchema, ...errors },
      },
    },
    async (request) => follows.unfollow(app.ctx, requireAuth(request), request.body),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Public profile of a user with follow counts',
        params,
        response: { 200: publicProfileSchema, ...errors },
      },
    },
    async (request) => profiles.getProfile(app.ctx, request.params.id, request.auth?.userId ?? null),
  );

  app.get(
    '/:id/followers',
    {
      schema: {
        tags,
        summary: 'People following a user, most recent first. Page with `cursor` (pagination.nextCursor).',
        params,
        querystring: followListQuerySchema,
        response: { 200: pagedUsersSchema, ...errors },
      },
    },
    async (request) =>
      follows.listFollowPeople(
        app.ctx,
        'followers',
        request.params.id,
        request.auth?.userId ?? null,
        request.query,
      ),
  );

  app.get(
    '/:id/following',
    {
      schema: {
        tags,
        summary: 'People a user follows, most recent first. Page with `cursor` (pagination.nextCursor).',
        params,
        querystring: followListQuerySchema,
        response: { 200: pagedUsersSchema, ...errors },
      },
    },
    async (request) =>
      follows.listFollowPeople(
        app.ctx,
        'following',
        request.params.id,
        request.auth?.userId ?? null,
        request.query,
      ),
  );
};

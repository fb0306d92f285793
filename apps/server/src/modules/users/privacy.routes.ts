import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '@ray/shared/errors';
import { msg } from '@ray/shared/messages.ar';
import { successSchema } from '@ray/shared/schemas/common';
import { uuidParam } from '@ray/shared/schemas/fields';
import {
  blockResultSchema,
  mutedWordIdParamsSchema,
  mutedWordInputSchema,
  mutedWordSchema,
  mutedWordsQuerySchema,
  muteResultSchema,
  pagedMutedWordsSchema,
  pagedRestrictedUsersSchema,
  privacyListQuerySchema,
} from '@ray/shared/schemas/privacy';
import { requireAuth } from '../../plugins/auth';
import * as privacy from './privacy.service';

const tags = ['users'];
const security = [{ bearer: [] }];
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
};
const params = z.object({ id: uuidParam.transform((id) => id.toLowerCase()) });
const me = (request: Parameters<typeof requireAuth>[0]) => requireAuth(request).userId.toLowerCase();

/** Blocks, mutes and muted words of the signed-in user, under `/api/users`. */
export const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/:id/block',
    {
      schema: {
        tags,
        summary:
          'Block a user: neither side sees the other’s signed posts, comments or profile, follows between them end, ' +
          'and the blocked user cannot follow, comment on or vote on the blocker’s signed content. Blocking again is a no-op.',
        security,
        params,
        response: { 200: blockResultSchema, ...errors },
      },
    },
    async (request) => privacy.block(app.ctx, me(request), request.params.id),
  );

  app.delete(
    '/:id/block',
    {
      schema: {
        tags,
        summary: 'Unblock a user; answers isBlocked false whether or not they were blocked',
        security,
        params,
        response: { 200: blockResultSchema, ...errors },
      },
    },
    async (request) => privacy.unblock(app.ctx, me(request), request.params.id),
  );

  app.post(
    '/:id/mute',
    {
      schema: {
        tags,
        summary: 'Mute a user: their signed posts and comments leave the caller’s lists; they are never told',
        security,
        params,
        response: { 200: muteResultSchema, ...errors },
      },
    },
    async (request) => privacy.mute(app.ctx, me(request), request.params.id),
  );

  app.delete(
    '/:id/mute',
    {
      schema: {
        tags,
        summary: 'Unmute a user; answers isMuted false whether or not they were muted',
        security,
        params,
        response: { 200: muteResultSchema, ...errors },
      },
    },
    async (request) => privacy.unmute(app.ctx, me(request), request.params.id),
  );

  app.get(
    '/blocks',
    {
      schema: {
        tags,
        summary: 'People the caller blocked, most recent first. Page with `cursor` (pagination.nextCursor).',
        security,
        querystring: privacyListQuerySchema,
        response: { 200: pagedRestrictedUsersSchema, ...errors },
      },
    },
    async (request) => privacy.listRestricted(app.ctx, 'blocks', me(request), request.query),
  );

  app.get(
    '/mutes',
    {
      schema: {
        tags,
        summary: 'People the caller muted, most recent first. Page with `cursor` (pagination.nextCursor).',
        security,
        querystring: privacyListQuerySchema,
        response: { 200: pagedRestrictedUsersSchema, ...errors },
      },
    },
    async (request) => privacy.listRestricted(app.ctx, 'mutes', me(request), request.query),
  );

  app.get(
    '/muted-words',
    {
      schema: {
        tags,
        summary: 'Words and #hashtags the caller muted, newest first. Page with `cursor`.',
        security,
        querystring: mutedWordsQuerySchema,
        response: { 200: pagedMutedWordsSchema, ...errors },
      },
    },
    async (request) => privacy.listMutedWords(app.ctx, me(request), request.query),
  );

  app.post(
    '/muted-words',
    {
      schema: {
        tags,
        summary:
          'Mute a word (1-50 characters, matched Arabic-normalised in post text) or a #hashtag (posts carrying it); ' +
          'at most 100. The same word twice answers 409.',
        security,
        body: mutedWordInputSchema,
        response: { 201: mutedWordSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const word = await privacy.addMutedWord(app.ctx, me(request), request.body.word);
      return reply.code(201).send(word);
    },
  );

  app.delete(
    '/muted-words/:id',
    {
      schema: {
        tags,
        summary: 'Unmute a word; 404 for a word that is not the caller’s',
        security,
        params: mutedWordIdParamsSchema,
        response: { 200: successSchema, ...errors },
      },
    },
    async (request) => {
      await privacy.removeMutedWord(app.ctx, me(request), request.params.id);
      return { success: true, message: msg.mutedWordRemoved };
    },
  );
};

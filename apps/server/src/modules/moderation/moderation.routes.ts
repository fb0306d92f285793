import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '@ray/shared/errors';
import { uuidParam } from '@ray/shared/schemas/fields';
import {
  authorHandleParam,
  moderationActionResultSchema,
  suspendSchema,
  suspensionResultSchema,
  warnSchema,
} from '@ray/shared/schemas/moderation';
import { requireRole } from '../../plugins/auth';
import * as moderation from './moderation.service';

const tags = ['moderation'];
const security = [{ bearer: [] }];
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};
const handleParams = z.object({ handle: authorHandleParam });
const userParams = z.object({ userId: uuidParam });

/**
 * Actions on authors. The author of an anonymous post or comment is reached through the handle that the report
 * view gives for that one item (`/authors/{handle}`); a signed author is reached by account (`/users/{userId}`).
 * Warning and suspending are for moderators and admins, lifting a suspension for admins.
 */
export const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request) => {
    requireRole(request, 'moderator', 'admin');
  });
  const staff = (request: Parameters<typeof requireRole>[0]) => requireRole(request, 'moderator', 'admin');
  const admin = (request: Parameters<typeof requireRole>[0]) => requireRole(request, 'admin');

  app.post(
    '/authors/:handle/warn',
    {
      schema: {
        tags,
        summary: "Warn the hidden author of an anonymous item: a notification with the moderator's message",
        security,
        params: handleParams,
        body: warnSchema,
        response: { 200: moderationActionResultSchema, ...errors },
      },
    },
    async (request) =>
      moderation.warn(app.ctx, staff(request), { handle: request.params.handle }, request.body),
  );

  app.post(
    '/authors/:handle/suspension',
    {
      schema: {
        tags,
        summary:
          'Suspend the hidden author of an anonymous item from posting, commenting and voting until `until` (an hour to a year ahead)',
        security,
        params: handleParams,
        body: suspendSchema,
        response: { 200: suspensionResultSchema, ...errors },
      },
    },
    async (request) =>
      moderation.suspend(app.ctx, staff(request), { handle: request.params.handle }, request.body),
  );

  app.delete(
    '/authors/:handle/suspension',
    {
      schema: {
        tags,
        summary: 'Lift the suspension of the hidden author of an anonymous item early (admins)',
        security,
        params: handleParams,
        response: { 200: moderationActionResultSchema, ...errors },
      },
    },
    async (request) => moderation.liftSuspension(app.ctx, admin(request), { handle: request.params.handle }),
  );

  app.post(
    '/users/:userId/warn',
    {
      schema: {
        tags,
        summary: "Warn a user: a notification with the moderator's message",
        security,
        params: userParams,
        body: warnSchema,
        response: { 200: moderationActionResultSchema, ...errors },
      },
    },
    async (request) =>
      moderation.warn(app.ctx, staff(request), { userId: request.params.userId }, request.body),
  );

  app.post(
    '/users/:userId/suspension',
    {
      schema: {
        tags,
        summary: 'Suspend a user from posting, commenting and voting until `until` (an hour to a year ahead)',
        security,
        params: userParams,
        body: suspendSchema,
        response: { 200: suspensionResultSchema, ...errors },
      },
    },
    async (request) =>
      moderation.suspend(app.ctx, staff(request), { userId: request.params.userId }, request.body),
  );

  app.delete(
    '/users/:userId/suspension',
    {
      schema: {
        tags,
        summary: "Lift a user's suspension early (admins)",
        security,
        params: userParams,
        response: { 200: moderationActionResultSchema, ...errors },
      },
    },
    async (request) => moderation.liftSuspension(app.ctx, admin(request), { userId: request.params.userId }),
  );
};

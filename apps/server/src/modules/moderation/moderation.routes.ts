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
import type { AuthorRef } from './moderation.service';

const tags = ['moderation'];
const security = [{ bearer: [] }];
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};
/** The two ways to name the person acted on, each with its path, parameters and how the documentation says it. */
const TARGETS = [
  {
    path: '/authors/:handle',
    params: z.object({ handle: authorHandleParam }),
    ref: (params: Record<string, string>): AuthorRef => ({ handle: params.handle! }),
    summaries: {
      warn: "Warn the hidden author of an anonymous item: a notification with the moderator's message",
      suspend:
        'Suspend the hidden author of an anonymous item from posting, commenting and voting until `until` (an hour to a year ahead)',
      lift: 'Lift the suspension of the hidden author of an anonymous item early (admins)',
    },
  },
  {
    path: '/users/:userId',
    params: z.object({ userId: uuidParam }),
    ref: (params: Record<string, string>): AuthorRef => ({ userId: params.userId! }),
    summaries: {
      warn: "Warn a user: a notification with the moderator's message",
      suspend: 'Suspend a user from posting, commenting and voting until `until` (an hour to a year ahead)',
      lift: "Lift a user's suspension early (admins)",
    },
  },
] as const;

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

  for (const target of TARGETS) {
    const { params, summaries } = target;
    const refOf = (request: { params: unknown }) => target.ref(request.params as Record<string, string>);

    app.post(
      `${target.path}/warn`,
      {
        schema: {
          tags,
          summary: summaries.warn,
          security,
          params,
          body: warnSchema,
          response: { 200: moderationActionResultSchema, ...errors },
        },
      },
      async (request) => moderation.warn(app.ctx, staff(request), refOf(request), request.body),
    );

    app.post(
      `${target.path}/suspension`,
      {
        schema: {
          tags,
          summary: summaries.suspend,
          security,
          params,
          body: suspendSchema,
          response: { 200: suspensionResultSchema, ...errors },
        },
      },
      async (request) => moderation.suspend(app.ctx, staff(request), refOf(request), request.body),
    );

    app.delete(
      `${target.path}/suspension`,
      {
        schema: {
          tags,
          summary: summaries.lift,
          security,
          params,
          response: { 200: moderationActionResultSchema, ...errors },
        },
      },
      async (request) => moderation.liftSuspension(app.ctx, admin(request), refOf(request)),
    );
  }
};

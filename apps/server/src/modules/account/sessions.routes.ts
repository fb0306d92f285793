import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@ray/shared/errors';
import {
  activeSessionListSchema,
  endedSessionsSchema,
  sessionIdParamsSchema,
} from '@ray/shared/schemas/session';
import { requireAuth } from '../../plugins/auth';
import * as sessions from './sessions.service';

const tags = ['account'];
const security = [{ bearer: [] }];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };

/** The signed-in user's sessions: list them, end one, end all but the current one. */
export const sessionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sessions',
    {
      schema: {
        tags,
        summary: "The user's signed-in sessions, the current one first",
        security,
        response: { 200: activeSessionListSchema, ...errors },
      },
    },
    async (request) => sessions.listSessions(app.ctx, requireAuth(request)),
  );

  app.delete(
    '/sessions/:id',
    {
      schema: {
        tags,
        summary: 'End one session of the user (404 for a session that is not theirs)',
        security,
        params: sessionIdParamsSchema,
        response: { 200: endedSessionsSchema, ...errors },
      },
    },
    async (request) => sessions.endSession(app.ctx, requireAuth(request), request.params.id),
  );

  app.post(
    '/sessions/sign-out-others',
    {
      schema: {
        tags,
        summary: 'End every session of the user but the current one',
        security,
        response: { 200: endedSessionsSchema, ...errors },
      },
    },
    async (request) => sessions.endOtherSessions(app.ctx, requireAuth(request)),
  );
};

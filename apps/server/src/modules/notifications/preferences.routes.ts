import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@ray/shared/errors';
import {
  notificationPreferencesSchema,
  notificationPreferencesUpdateSchema,
} from '@ray/shared/schemas/notification-preferences';
import { requireAuth } from '../../plugins/auth';
import * as preferences from './preferences.service';

const tags = ['notifications'];
const security = [{ bearer: [] }];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };

export const notificationPreferencesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/preferences',
    {
      schema: {
        tags,
        summary:
          "The caller's notification preferences: each kind's channels, quiet hours, digest, time zone",
        security,
        response: { 200: notificationPreferencesSchema, ...errors },
      },
    },
    async (request) => preferences.getPreferences(app.ctx, requireAuth(request).userId),
  );

  app.put(
    '/preferences',
    {
      schema: {
        tags,
        summary: "Change the caller's notification preferences; what is left out keeps its value",
        security,
        body: notificationPreferencesUpdateSchema,
        response: { 200: notificationPreferencesSchema, ...errors },
      },
    },
    async (request) => preferences.updatePreferences(app.ctx, requireAuth(request).userId, request.body),
  );
};

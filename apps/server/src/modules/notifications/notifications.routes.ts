import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NOTIFICATIONS_DEFAULT_LIMIT, NOTIFICATIONS_PAGE_LIMIT } from '@ray/shared/constants';
import { errorResponseSchema } from '@ray/shared/errors';
import { msg } from '@ray/shared/messages.ar';
import { notificationSchema, unreadCountSchema } from '@ray/shared/realtime';
import { successSchema } from '@ray/shared/schemas/common';
import { idParam } from '@ray/shared/schemas/fields';
import { requireAuth } from '../../plugins/auth';
import * as notifications from './notifications.service';

const tags = ['notifications'];
const security = [{ bearer: [] }];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user',
    {
      schema: {
        tags,
        summary: "The caller's notifications, newest first",
        security,
        querystring: z.object({
          limit: z.coerce
            .number({ error: msg.invalidValue })
            .int(msg.invalidValue)
            .min(1, msg.invalidValue)
            .max(NOTIFICATIONS_PAGE_LIMIT, msg.invalidValue)
            .default(NOTIFICATIONS_DEFAULT_LIMIT),
        }),
        response: { 200: z.array(notificationSchema), ...errors },
      },
    },
    async (request) => notifications.listForUser(app.ctx, requireAuth(request).userId, request.query.limit),
  );

  app.get(
    '/user/unread-count',
    {
      schema: {
        tags,
        summary: "How many of the caller's notifications are unread",
        security,
        response: { 200: unreadCountSchema, ...errors },
      },
    },
    async (request) => ({ count: await notifications.unreadCount(app.ctx, requireAuth(request).userId) }),
  );

  app.put(
    '/user/read-all',
    {
      schema: {
        tags,
        summary: "Mark all of the caller's notifications read",
        security,
        response: { 200: successSchema, ...errors },
      },
    },
    async (request) => {
      await notifications.markAllRead(app.ctx, requireAuth(request).userId);
      return { success: true };
    },
  );

  app.put(
    '/:id/read',
    {
      schema: {
        tags,
        summary: "Mark one of the caller's notifications read",
        security,
        params: z.object({ id: idParam }),
        response: { 200: successSchema, ...errors },
      },
    },
    async (request) => {
      await notifications.markOneRead(app.ctx, requireAuth(request).userId, request.params.id);
      return { success: true };
    },
  );
};

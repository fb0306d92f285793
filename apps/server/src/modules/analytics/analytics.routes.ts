import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '@ray/shared/errors';
import { serverMsg } from '@ray/shared/server-messages.ar';
import {
  analyticsBatchSchema,
  analyticsDailyQuerySchema,
  analyticsDailySchema,
} from '@ray/shared/schemas/analytics';
import { AppError } from '../../lib/app-error';
import { requireRole } from '../../plugins/auth';
import * as analytics from './analytics.service';

const tags = ['analytics'];
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  429: errorResponseSchema,
};

export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  // `navigator.sendBeacon` with a string body posts it as text/plain (a Blob may say application/json); both
  // carry the same JSON. Scoped to this plugin, so other routes keep refusing text bodies.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, JSON.parse(String(body)));
    } catch {
      done(new AppError('BAD_REQUEST', { message: serverMsg.badJson }), undefined);
    }
  });

  app.post(
    '/events',
    {
      bodyLimit: 64 * 1024,
      schema: {
        tags,
        summary:
          'Record a batch of up to 20 events (visitors too; the user comes from the access token only). Accepts application/json and the text/plain body of sendBeacon.',
        consumes: ['application/json', 'text/plain'],
        body: analyticsBatchSchema,
        response: { 204: z.null().describe('Recorded'), ...errors },
      },
    },
    async (request, reply) => {
      await analytics.recordEvents(app.ctx, request.body, {
        userId: request.auth?.userId ?? null,
        ip: request.ip,
      });
      return reply.status(204).send(null);
    },
  );
};

export const adminAnalyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Before validation, so a visitor or a non-admin learns nothing from a 400 about the query.
  app.addHook('onRequest', async (request) => {
    requireRole(request, 'admin');
  });
  app.get(
    '/daily',
    {
      schema: {
        tags,
        summary: 'Events per day and name over the last `days` days, today included (admins)',
        security: [{ bearer: [] }],
        querystring: analyticsDailyQuerySchema,
        response: { 200: analyticsDailySchema, ...errors },
      },
    },
    async (request) => analytics.dailyCounts(app.ctx, request.query.days),
  );
};

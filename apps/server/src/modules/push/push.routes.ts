import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '@ray/shared/errors';
import { successSchema } from '@ray/shared/schemas/common';
import {
  pushPublicKeySchema,
  pushRenewalSchema,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
} from '@ray/shared/schemas/push';
import { requireAuth } from '../../plugins/auth';
import * as push from './push.service';

const tags = ['push'];
const security = [{ bearer: [] }];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 429: errorResponseSchema };

export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/public-key',
    {
      schema: {
        tags,
        summary: "The server's VAPID public key, the applicationServerKey of a browser's push subscription",
        response: { 200: pushPublicKeySchema },
      },
    },
    async (_request, reply) => {
      // The same for everyone and for a long time: a key that changes invalidates every subscription anyway.
      void reply.header('cache-control', 'public, max-age=86400');
      return push.publicKey(app.ctx);
    },
  );

  app.post(
    '/subscriptions',
    {
      schema: {
        tags,
        summary:
          "Push the caller's notifications to this browser (the body of PushSubscription.toJSON()); the endpoint moves to the caller if another user had it",
        security,
        body: pushSubscriptionSchema,
        response: { 201: successSchema, ...errors },
      },
    },
    async (request, reply) => {
      await push.subscribe(app.ctx, requireAuth(request).userId, request.body);
      return reply.status(201).send({ success: true });
    },
  );

  app.post(
    '/subscriptions/renewal',
    {
      schema: {
        tags,
        summary:
          "The service worker's report that the browser replaced a subscription (pushsubscriptionchange): no session; the old endpoint proves the device, and the same user keeps the new one (204 also when the old endpoint is unknown)",
        body: pushRenewalSchema,
        response: { 204: z.null().describe('Renewed, or the old endpoint is unknown'), ...errors },
      },
    },
    async (request, reply) => {
      await push.renew(app.ctx, request.ip, request.body);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/subscriptions',
    {
      schema: {
        tags,
        summary:
          'Stop pushing to this browser; an endpoint that is not the caller’s is left alone (204 either way)',
        security,
        body: pushUnsubscribeSchema,
        response: { 204: z.null().describe('Removed, or not the caller’s'), ...errors },
      },
    },
    async (request, reply) => {
      await push.unsubscribe(app.ctx, requireAuth(request).userId, request.body.endpoint);
      return reply.status(204).send(null);
    },
  );
};

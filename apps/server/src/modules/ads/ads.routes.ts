import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '@ray/shared/errors';
import {
  adClickResultSchema,
  adClickSchema,
  adImpressionSchema,
  adInputSchema,
  adminAdSchema,
  adSchema,
  adsQuerySchema,
  adStatusInputSchema,
} from '@ray/shared/schemas/ad';
import { successSchema } from '@ray/shared/schemas/common';
import { idParam } from '@ray/shared/schemas/fields';
import { requireRole } from '../../plugins/auth';
import * as ads from './ads.service';

const tags = ['ads'];
const params = z.object({ id: idParam });
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

export const adsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Ads to show in a placement (at most its maximum, weighted)',
        querystring: adsQuerySchema,
        response: { 200: z.array(adSchema), ...errors },
      },
    },
    async (request) => ads.adsFor(app.ctx, request.query.placement),
  );

  app.get(
    '/:id',
    { schema: { tags, summary: 'One ad', params, response: { 200: adSchema, ...errors } } },
    async (request) => ads.getAd(app.ctx, request.params.id),
  );

  app.post(
    '/:id/impression',
    {
      schema: {
        tags,
        summary: 'Count an impression, once per ad, placement, page and viewer',
        params,
        body: adImpressionSchema,
        response: { 200: successSchema.extend({ counted: z.boolean() }), ...errors },
      },
    },
    async (request) => {
      const viewerKey = request.auth?.userId ?? request.body.visitorKey ?? `ip:${request.ip}`;
      const counted = await ads.recordImpression(app.ctx, request.params.id, {
        placement: request.body.placement,
        page: request.body.pageUrl,
        viewerKey,
      });
      return { success: true, counted };
    },
  );

  app.post(
    '/:id/click',
    {
      schema: {
        tags,
        summary: "Count a click and answer the ad's stored target",
        params,
        body: adClickSchema,
        response: { 200: adClickResultSchema, ...errors },
      },
    },
    async (request) => ads.recordClick(app.ctx, request.params.id),
  );
};

export const adminAdsRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearer: [] }];
  // Before validation, so a visitor or a non-admin gets 401/403 whatever the body says.
  app.addHook('onRequest', async (request) => {
    requireRole(request, 'admin');
  });
  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Every ad with its counts (admins)',
        security,
        response: { 200: z.array(adminAdSchema), ...errors },
      },
    },
    async () => ads.listForAdmin(app.ctx),
  );
  app.get(
    '/:id',
    {
      schema: {
        tags,
        summary: 'One ad with its counts (admins)',
        security,
        params,
        response: { 200: adminAdSchema, ...errors },
      },
    },
    async (request) => ads.getForAdmin(app.ctx, request.params.id),
  );
  app.post(
    '/',
    {
      schema: {
        tags,
        summary: 'Create an ad (admins)',
        security,
        body: adInputSchema,
        response: { 201: adminAdSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await ads.createAd(app.ctx, request.body)),
  );
  app.put(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Edit, pause or resume an ad (admins)',
        security,
        params,
        body: adInputSchema,
        response: { 200: adminAdSchema, ...errors },
      },
    },
    async (request) => ads.updateAd(app.ctx, request.params.id, request.body),
  );
  app.put(
    '/:id/status',
    {
      schema: {
        tags,
        summary: 'Pause (isActive false) or resume (true) an ad (admins)',
        security,
        params,
        body: adStatusInputSchema,
        response: { 200: adminAdSchema, ...errors },
      },
    },
    async (request) => ads.setAdActive(app.ctx, request.params.id, request.body.isActive),
  );
};

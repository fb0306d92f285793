import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '@ray/shared/errors';
import {
  adClickLinkSchema,
  adClickResultSchema,
  adClickSchema,
  adImpressionResultSchema,
  adImpressionSchema,
  adInputSchema,
  adminAdSchema,
  adPlanQuerySchema,
  adPlanSchema,
  adSchema,
  adsQuerySchema,
  adStatusInputSchema,
} from '@ray/shared/schemas/ad';
import { idParam } from '@ray/shared/schemas/fields';
import { readCookie, VISITOR_COOKIE, visitorCookie } from '../../lib/visitor-ids';
import { requireRole } from '../../plugins/auth';
import { logStaffAction } from '../audit/audit.service';
import * as ads from './ads.service';

const tags = ['ads'];
const params = z.object({ id: idParam });
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

/** Where the visitor cookie is sent back: the ad event endpoints, nothing else. */
const VISITOR_COOKIE_PATH = '/api/ads';
const VISITOR_COOKIE_MAX_AGE = 30 * 24 * 60 * 60;

export const adsRoutes: FastifyPluginAsyncZod = async (app) => {
  const secureCookie = new URL(app.ctx.env.PUBLIC_URL).protocol === 'https:';

  /**
   * Who an ad event is counted for, decided by the server alone: the signed-in user, else the visitor of a
   * cookie this server signed; anyone else (no cookie, or one that fails the check) gets a new id. `issue` sets
   * the cookie on the answer, and is called only once the event is recorded. Answers carrying it are never
   * stored by a shared cache: they are answers to POSTs and say `no-store`.
   */
  function visitorOf(request: FastifyRequest, reply: FastifyReply) {
    void reply.header('cache-control', 'no-store');
    const known = { isNew: false, address: request.ip, issue: () => undefined };
    if (request.auth) return { ...known, key: `user:${request.auth.userId}` };
    const id = app.ctx.visitors.verify(readCookie(request.headers.cookie, VISITOR_COOKIE));
    if (id) return { ...known, key: `visitor:${id}` };
    const fresh = app.ctx.visitors.issue();
    return {
      key: `visitor:${fresh.id}`,
      isNew: true,
      address: request.ip,
      issue: () => {
        void reply.header(
          'set-cookie',
          visitorCookie(fresh.value, {
            path: VISITOR_COOKIE_PATH,
            maxAgeSeconds: VISITOR_COOKIE_MAX_AGE,
            secure: secureCookie,
          }),
        );
      },
    };
  }

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Ads to show in a placement: at most its maximum, all different, taking turns by weight',
        querystring: adsQuerySchema,
        response: { 200: z.array(adSchema), ...errors },
      },
    },
    async (request) => ads.adsFor(app.ctx, request.query.placement),
  );

  app.get(
    '/plan',
    {
      schema: {
        tags,
        summary:
          "The ads of one page view for the placements the viewer's layout shows: at most one ad per screen, one ad at most twice, never the same ad twice in a row in a placement, nothing when nothing fresh is left",
        querystring: adPlanQuerySchema,
        response: { 200: adPlanSchema, ...errors },
      },
    },
    async (request, reply) => {
      // Each answer moves the viewer's rotation on: never kept by a cache, never the same for two viewers.
      void reply.header('cache-control', 'no-store');
      return ads.planFor(app.ctx, request.query.placements, request.query.after);
    },
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
        summary:
          'Record an impression; it counts once per viewer (signed-in user, or the visitor of the signed ray_vid cookie this answer may set), ad and placement a day',
        params,
        body: adImpressionSchema,
        response: { 200: adImpressionResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      const visitor = visitorOf(request, reply);
      const counted = await ads.recordImpression(
        app.ctx,
        request.params.id,
        { placement: request.body.placement, page: request.body.pageUrl },
        visitor,
      );
      visitor.issue();
      return { success: true, counted };
    },
  );

  app.get(
    '/:id/click',
    {
      schema: {
        tags,
        summary:
          "An ad's link: records the click like POST does and redirects (302) to the ad's stored target; 404 for an ad not being served",
        params,
        querystring: adClickLinkSchema,
        response: { 302: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const visitor = visitorOf(request, reply);
      const target = await ads.followAd(
        app.ctx,
        request.params.id,
        { placement: request.query.placement, page: request.query.page },
        visitor,
      );
      visitor.issue();
      return reply.redirect(target, 302);
    },
  );

  app.post(
    '/:id/click',
    {
      schema: {
        tags,
        summary: "Record a click, counted like an impression, and answer the ad's stored target",
        params,
        body: adClickSchema,
        response: { 200: adClickResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      const visitor = visitorOf(request, reply);
      const result = await ads.recordClick(
        app.ctx,
        request.params.id,
        { placement: request.body.placement, page: request.body.referrerUrl },
        visitor,
      );
      visitor.issue();
      return result;
    },
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
    async (request, reply) => {
      const ad = await ads.createAd(app.ctx, request.body);
      await logStaffAction(app.ctx, requireRole(request, 'admin'), {
        action: 'ad.create',
        targetType: 'ad',
        targetId: String(ad.id),
        details: { title: ad.title },
      });
      return reply.status(201).send(ad);
    },
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
    async (request) => {
      const ad = await ads.updateAd(app.ctx, request.params.id, request.body);
      await logStaffAction(app.ctx, requireRole(request, 'admin'), {
        action: 'ad.update',
        targetType: 'ad',
        targetId: String(ad.id),
        details: { title: ad.title, isActive: ad.isActive },
      });
      return ad;
    },
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
    async (request) => {
      const ad = await ads.setAdActive(app.ctx, request.params.id, request.body.isActive);
      await logStaffAction(app.ctx, requireRole(request, 'admin'), {
        action: 'ad.status',
        targetType: 'ad',
        targetId: String(ad.id),
        details: { isActive: ad.isActive },
      });
      return ad;
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@ray/shared/errors';
import { reverseGeocodeQuerySchema, reverseGeocodeResultSchema } from '@ray/shared/schemas/post';
import { requireAuth } from '../../plugins/auth';
import { Geocoder } from './geocoder';

export const geoRoutes: FastifyPluginAsyncZod = async (app) => {
  const geocoder = new Geocoder(app.ctx.env.GEOCODER_URL, `ray/1.0 (${app.ctx.env.SUPPORT_EMAIL})`);
  app.get(
    '/reverse',
    {
      schema: {
        tags: ['geo'],
        summary: 'Place name of coordinates (Arabic first, then English)',
        security: [{ bearer: [] }],
        querystring: reverseGeocodeQuerySchema,
        response: {
          200: reverseGeocodeResultSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
          503: errorResponseSchema,
        },
      },
    },
    async (request) => {
      requireAuth(request);
      return { locationName: await geocoder.reverse(request.query.lat, request.query.lon) };
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@ray/shared/errors';
import {
  unsubscribeBodySchema,
  unsubscribeQuerySchema,
  unsubscribeResultSchema,
} from '@ray/shared/schemas/unsubscribe';
import { forRequest } from '../../lib/context';
import * as digest from './digest.service';

const tags = ['email'];

/** Mail lists under /api/email: the one-click unsubscribe that every digest carries. */
export const emailRoutes: FastifyPluginAsyncZod = async (app) => {
  // RFC 8058: mail programs post the one-click unsubscribe as a form.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  app.post(
    '/unsubscribe',
    {
      schema: {
        tags,
        summary:
          'One-click unsubscribe from the e-mail digest (RFC 8058): the signed token of the link names the ' +
          'person, so no sign-in and no other token is needed; the body may be `List-Unsubscribe=One-Click`. ' +
          'Sets the digest to off; doing it again answers the same. A token the server did not sign gets 400.',
        querystring: unsubscribeQuerySchema,
        body: unsubscribeBodySchema,
        response: { 200: unsubscribeResultSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request) => {
      const result = await digest.unsubscribe(forRequest(app.ctx, request), {
        token: request.query.token,
        ip: request.ip,
      });
      return { success: true, message: result.message, digest: result.frequency };
    },
  );
};

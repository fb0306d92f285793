import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '@ray/shared/errors';
import { msg } from '@ray/shared/messages.ar';
import { deleteAccountSchema } from '@ray/shared/schemas/account-data';
import { messageResponseSchema } from '@ray/shared/schemas/auth';
import { requireAuth } from '../../plugins/auth';
import * as accountData from './account-data.service';

const tags = ['account'];
const security = [{ bearer: [] }];
/** A file streamed as it is written: never serialised, described for the API documentation only. */
const download = (description: string) => z.unknown().describe(description);

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
};

/** The user's right to their data: take a copy of it (JSON, and a zip of their images), or delete the account. */
export const accountDataRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/export',
    {
      schema: {
        tags,
        summary: "Download all of the user's data as one JSON file (streamed)",
        security,
        response: {
          200: download('application/json attachment'),
          401: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { fileName, body } = await accountData.exportData(app.ctx, requireAuth(request).userId);
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', accountData.attachmentHeader(fileName))
        .header('cache-control', 'no-store')
        .send(body);
    },
  );

  app.get(
    '/export/images',
    {
      schema: {
        tags,
        summary: 'Download the avatar and post images the user uploaded, as a zip (streamed)',
        security,
        response: {
          200: download('application/zip attachment'),
          401: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { fileName, body } = await accountData.exportImages(app.ctx, requireAuth(request).userId);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', accountData.attachmentHeader(fileName))
        .header('cache-control', 'no-store')
        .send(body);
    },
  );

  app.delete(
    '/',
    {
      schema: {
        tags,
        summary: 'Delete the account, confirmed by the password (or the username for an account without one)',
        security,
        body: deleteAccountSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await accountData.deleteAccount(app.ctx, requireAuth(request).userId, request.body);
      return { success: true, message: msg.accountDeleted };
    },
  );
};

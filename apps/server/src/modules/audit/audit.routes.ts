import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@ray/shared/errors';
import { auditLogQuerySchema, pagedAuditLogSchema } from '@ray/shared/schemas/audit';
import { requireRole } from '../../plugins/auth';
import * as audit from './audit.service';

const tags = ['audit'];

/** `/api/admin/audit-log`: what staff did, for admins only (visitors 401, moderators and users 403). */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  // Before validation, so a visitor or a non-admin gets 401/403 whatever the query says.
  app.addHook('onRequest', async (request) => {
    requireRole(request, 'admin');
  });
  app.get(
    '/',
    {
      schema: {
        tags,
        summary:
          'The audit log of staff actions, newest first (admins). Anonymous authors appear only as the handle of their item. Page with `cursor`.',
        security: [{ bearer: [] }],
        querystring: auditLogQuerySchema,
        response: {
          200: pagedAuditLogSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
        },
      },
    },
    async (request) => audit.listAuditLog(app.ctx, request.query),
  );
};

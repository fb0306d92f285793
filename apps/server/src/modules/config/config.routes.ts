import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@ray/shared/errors';
import { appConfigSchema, updateAppConfigSchema } from '@ray/shared/schemas/config';
import { requireRole } from '../../plugins/auth';
import { logStaffAction } from '../audit/audit.service';
import { getAppConfig, updateAppConfig } from './config.service';

const tags = ['config'];

export const configRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Maintenance flag, message, support contact and whether the dark theme is offered',
        response: { 200: appConfigSchema },
      },
    },
    async () => getAppConfig(app.ctx),
  );

  app.put(
    '/',
    {
      schema: {
        tags,
        summary: 'Change the remote configuration (admins)',
        security: [{ bearer: [] }],
        body: updateAppConfigSchema,
        response: {
          200: appConfigSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const staff = requireRole(request, 'admin');
      const config = await updateAppConfig(app.ctx, request.body);
      await logStaffAction(app.ctx, staff, {
        action: 'config.update',
        targetType: 'config',
        targetId: 'app-config',
        details: { ...request.body },
      });
      return config;
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '@ray/shared/errors';
import {
  currentUserSchema,
  profileNameResponseSchema,
  updateProfileSchema,
  uploadResultSchema,
} from '@ray/shared/schemas/user';
import { requireAuth } from '../../plugins/auth';
import { reserveUpload } from '../../plugins/upload-limit';
import { multipartBodies, readSingleImage } from '../../plugins/uploads';
import { AVATAR_MAX } from '@ray/shared/constants';
import { msg } from '@ray/shared/messages.ar';
import { privacyRoutes } from './privacy.routes';
import { profilesRoutes } from './profiles.routes';
import * as users from './users.service';

const tags = ['users'];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };

/** The one route here that takes a multipart body, in a scope of its own with the plugin that reads them. */
const avatarUpload: FastifyPluginAsyncZod = async (scope) => {
  await scope.register(multipartBodies);
  scope.post(
    '/avatar',
    {
      schema: {
        tags,
        summary: 'Upload a new avatar (multipart field "file", image under 5 MB)',
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data'],
        response: {
          200: uploadResultSchema,
          ...errors,
          413: errorResponseSchema,
          415: errorResponseSchema,
          429: errorResponseSchema,
          503: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      await reserveUpload(scope.ctx, auth.userId);
      const file = await readSingleImage(request, AVATAR_MAX, msg.avatarTooLarge);
      return users.setAvatar(scope.ctx, auth.userId, file);
    },
  );
};

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/profile',
    {
      schema: {
        tags,
        summary: 'The signed-in user',
        security: [{ bearer: [] }],
        response: { 200: currentUserSchema, ...errors },
      },
    },
    async (request) => users.getCurrentUser(app.ctx, requireAuth(request).userId),
  );

  app.put(
    '/profile',
    {
      schema: {
        tags,
        summary: 'Update name and bio',
        security: [{ bearer: [] }],
        body: updateProfileSchema,
        response: { 200: currentUserSchema, ...errors },
      },
    },
    async (request) => users.updateProfile(app.ctx, requireAuth(request).userId, request.body),
  );

  app.get(
    '/profile-name',
    {
      schema: {
        tags,
        summary: 'Public display name of a user',
        querystring: z.object({ userId: z.uuid({ error: msg.userNotFound }) }),
        response: { 200: profileNameResponseSchema, ...errors },
      },
    },
    async (request) => users.getProfileName(app.ctx, request.query.userId),
  );

  await app.register(avatarUpload);
  await app.register(privacyRoutes);
  await app.register(profilesRoutes);
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@ray/shared/errors';
import { msg } from '@ray/shared/messages.ar';
import { changeEmailSchema, messageResponseSchema, verifyEmailSchema } from '@ray/shared/schemas/auth';
import { currentUserSchema } from '@ray/shared/schemas/user';
import { z } from 'zod';
import { requireAuth } from '../../plugins/auth';
import * as verification from './email-verification.service';

const tags = ['account'];
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
};
const userResponseSchema = messageResponseSchema.extend({ user: currentUserSchema });

/** Confirming the account's e-mail address, and changing it. */
export const emailVerificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/verify-email',
    {
      schema: {
        tags,
        summary: 'Confirm the address with the token of a mailed link (single use, 48 hours)',
        body: verifyEmailSchema,
        response: { 200: messageResponseSchema.extend({ userId: z.string() }), ...errors },
      },
    },
    async (request) => {
      const user = await verification.verifyEmail(app.ctx, request.body.token);
      return { success: true, message: msg.verifyEmailSuccess, userId: user.userId };
    },
  );

  app.post(
    '/verify-email/resend',
    {
      schema: {
        tags,
        summary: 'Mail a new confirmation link to the signed-in user (limited per user and per address)',
        security: [{ bearer: [] }],
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await verification.resendVerification(app.ctx, requireAuth(request).userId);
      return { success: true, message: msg.verifyEmailSent };
    },
  );

  app.post(
    '/change-email',
    {
      schema: {
        tags,
        summary: 'Change the address (current password required); the new one gets a confirmation link',
        security: [{ bearer: [] }],
        body: changeEmailSchema,
        response: { 200: userResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = await verification.changeEmail(app.ctx, requireAuth(request).userId, request.body);
      return { success: true, message: msg.emailChanged, user };
    },
  );
};

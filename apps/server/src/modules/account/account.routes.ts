import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@ray/shared/errors';
import { msg } from '@ray/shared/messages.ar';
import {
  authResponseSchema,
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  logoutSchema,
  messageResponseSchema,
  refreshTokenSchema,
  registerSchema,
  resetPasswordSchema,
} from '@ray/shared/schemas/auth';
import { requireAuth } from '../../plugins/auth';
import * as account from './account.service';
import { accountDataRoutes } from './account-data.routes';
import { emailVerificationRoutes } from './email-verification.routes';
import { sessionsRoutes } from './sessions.routes';

const tags = ['account'];
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
};

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/login',
    {
      schema: {
        tags,
        summary: 'Sign in with e-mail and password',
        body: loginSchema,
        response: { 200: authResponseSchema, ...errors },
      },
    },
    async (request) => account.login(app.ctx, request.body, account.clientOf(request)),
  );

  app.post(
    '/register',
    {
      schema: {
        tags,
        summary: 'Create an account',
        body: registerSchema,
        response: { 201: authResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await account.register(app.ctx, request.body, account.clientOf(request))),
  );

  app.post(
    '/refresh-token',
    {
      schema: {
        tags,
        summary: 'Exchange a refresh token (rotated on every use)',
        body: refreshTokenSchema,
        response: { 200: authResponseSchema, ...errors },
      },
    },
    async (request) => account.refresh(app.ctx, request.body.refreshToken, account.clientOf(request)),
  );

  app.post(
    '/logout',
    {
      schema: {
        tags,
        summary: 'End the current session',
        body: logoutSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await account.logout(app.ctx, request.auth?.sessionId ?? null, request.body?.refreshToken);
      return { success: true, message: msg.logoutSuccess };
    },
  );

  app.post(
    '/forgot-password',
    {
      schema: {
        tags,
        summary: 'Send a reset link (same answer for unknown addresses)',
        body: forgotPasswordSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await account.forgotPassword(app.ctx, request.body.email, account.clientOf(request));
      return { success: true, message: msg.forgotSent };
    },
  );

  app.post(
    '/reset-password',
    {
      schema: {
        tags,
        summary: 'Choose a new password with a reset link',
        body: resetPasswordSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await account.resetPassword(app.ctx, request.body);
      return { success: true, message: msg.resetSuccess };
    },
  );

  app.post(
    '/change-password',
    {
      schema: {
        tags,
        summary: 'Change the password; other sessions are signed out',
        security: [{ bearer: [] }],
        body: changePasswordSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await account.changePassword(app.ctx, requireAuth(request), request.body);
      return { success: true, message: msg.passwordChanged };
    },
  );

  await app.register(sessionsRoutes);
  await app.register(emailVerificationRoutes);
  await app.register(accountDataRoutes);
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '@ray/shared/errors';
import { msg } from '@ray/shared/messages.ar';
import { serverMsg } from '@ray/shared/server-messages.ar';
import { authResponseSchema, externalLoginUrlSchema, socialLoginSchema } from '@ray/shared/schemas/auth';
import { AppError } from '../../lib/app-error';
import { forRequest } from '../../lib/context';
import { clientOf, startSession } from '../account/account.service';
import {
  callbackPage,
  callbackRedirect,
  completeExternalLogin,
  redeemHandover,
  SocialSignInError,
  startExternalLogin,
  type CallbackFailure,
  type StartProof,
} from './social.service';
import { socialLogin } from './social-login.service';

const tags = ['account'];
const errors = { 400: errorResponseSchema, 404: errorResponseSchema, 429: errorResponseSchema };

const providerAnswer = z.object({
  code: z.string().max(2000).optional(),
  state: z.string().max(200).optional(),
  error: z.string().max(200).optional(),
});

/** The secret the starting browser keeps for itself (sent on start, needed to finish). */
const binding = z.string().min(32).max(200);
const BINDING_HEADER = 'x-sign-in-binding';
/** A PKCE verifier (RFC 7636: 43 to 128 unreserved characters). */
const codeVerifier = z.string().regex(/^[\w.~-]{43,128}$/, { error: serverMsg.socialSessionInvalid });

/**
 * How a client that keeps no browser binding (the mobile app) may still prove it started the sign-in: the S256
 * challenge of a verifier it generated. Without either, the callback returns a one-time verifier (social.service).
 */
const startQuery = z.object({
  returnUrl: z.string().max(2000).optional(),
  binding: binding.optional(),
  code_challenge: z
    .string()
    .regex(/^[\w-]{43}$/, { error: serverMsg.socialChallengeInvalid })
    .optional(),
  code_challenge_method: z.literal('S256', { error: serverMsg.socialChallengeInvalid }).optional(),
});

function proofOf(query: z.infer<typeof startQuery>): StartProof {
  if (query.binding !== undefined) return { binding: query.binding };
  if (query.code_challenge !== undefined) return { codeChallenge: query.code_challenge };
  return null;
}

const FAILURE_MESSAGE: Record<CallbackFailure, string> = {
  access_denied: msg.callbackError(serverMsg.socialCancelled),
  invalid_state: serverMsg.socialStateInvalid,
  user_info: msg.callbackMissingUser,
  server_error: msg.callbackProcessing,
};

/** Social sign-in under /api/account: start, provider callback, and the single-use hand-over of the tokens. */
export const socialRoutes: FastifyPluginAsyncZod = async (app) => {
  // Apple posts its answer back as a form.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16_384 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  app.post(
    '/social-login',
    {
      schema: {
        tags,
        summary: "Sign in with a token from a provider's native SDK (ID token, or a verified access token)",
        body: socialLoginSchema,
        response: { 200: authResponseSchema, 401: errorResponseSchema, 503: errorResponseSchema, ...errors },
      },
    },
    async (request) => socialLogin(forRequest(app.ctx, request), request.body, clientOf(request)),
  );

  app.get(
    '/external-login/:provider',
    {
      schema: {
        tags,
        summary: 'Authorisation URL of a social sign-in provider',
        params: z.object({ provider: z.string().max(20) }),
        querystring: startQuery,
        response: { 200: externalLoginUrlSchema, ...errors },
      },
    },
    async (request) => ({
      url: await startExternalLogin(app.ctx, request.params.provider, {
        returnUrl: request.query.returnUrl,
        ip: request.ip,
        proof: proofOf(request.query),
      }),
    }),
  );

  app.get(
    '/external-login-callback',
    {
      schema: {
        tags,
        summary: 'Where the provider sends the browser back; redirects to the sign-in page with a hand-over',
        querystring: providerAnswer,
      },
    },
    async (request, reply) =>
      reply.redirect(await callbackRedirect(forRequest(app.ctx, request), request.query)),
  );

  app.post(
    '/external-login-callback',
    {
      schema: {
        tags,
        summary: 'Exchange a code and state for a session (a form post from the provider is redirected)',
        body: providerAnswer.extend({
          user: z.string().max(4000).optional(),
          binding: binding.optional(),
          code_verifier: codeVerifier.optional(),
        }),
        response: { 200: authResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      if (request.headers['content-type']?.toLowerCase().startsWith('application/x-www-form-urlencoded')) {
        return reply.redirect(await callbackRedirect(forRequest(app.ctx, request), request.body), 303);
      }
      const { code, state } = request.body;
      if (!code || !state) throw new AppError('BAD_REQUEST', { message: serverMsg.socialStateInvalid });
      // A sign-in started with a binding or a PKCE challenge needs it again; one started without is proved by
      // its code and state alone.
      const proof = request.body.binding ?? request.body.code_verifier ?? null;
      try {
        const { user } = await completeExternalLogin(forRequest(app.ctx, request), { code, state }, proof);
        return await startSession(app.ctx, user, true, clientOf(request), msg.loginSuccess);
      } catch (error) {
        if (!(error instanceof SocialSignInError)) throw error;
        throw new AppError(error.reason === 'server_error' ? 'SERVICE_UNAVAILABLE' : 'BAD_REQUEST', {
          message: FAILURE_MESSAGE[error.reason],
        });
      }
    },
  );

  app.get(
    '/oauth-session/:session',
    {
      schema: {
        tags,
        summary: 'Hand over the tokens of a social sign-in (single use, two minutes)',
        params: z.object({ session: z.string().min(1).max(200) }),
        headers: z.object({ [BINDING_HEADER]: binding.optional() }),
        // The app's PKCE verifier, or the one-time verifier that came back in the return address's fragment.
        querystring: z.object({ code_verifier: codeVerifier.optional() }),
        response: { 200: authResponseSchema, ...errors },
      },
    },
    async (request) => {
      const proof = request.headers[BINDING_HEADER] ?? request.query.code_verifier;
      if (proof === undefined) throw new AppError('BAD_REQUEST', { message: serverMsg.socialSessionInvalid });
      return redeemHandover(app.ctx, request.params.session, proof, clientOf(request));
    },
  );
};

/** The identity service's browser challenge path: straight to the provider (used by the mobile app). */
export const socialChallengeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/account/external/challenge',
    {
      schema: {
        tags,
        summary: 'Redirect the browser to a provider',
        querystring: startQuery.extend({
          provider: z.string().max(20),
          // The mobile app says where it runs; it keeps no browser binding, so its sign-in is proved by PKCE.
          platform: z.enum(['ios', 'android', 'web']).optional(),
          scopes: z.string().max(500).optional(),
          isMobile: z.enum(['true', 'false']).optional(),
        }),
      },
    },
    async (request, reply) => {
      const { provider, returnUrl, scopes } = request.query;
      try {
        const url = await startExternalLogin(app.ctx, provider, {
          returnUrl,
          ip: request.ip,
          proof: proofOf(request.query),
          scopes: scopes?.split(/[\s,]+/).filter(Boolean),
        });
        return await reply.redirect(url);
      } catch (error) {
        if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
        const target = new URL(callbackPage(app.ctx));
        target.searchParams.set('error', 'access_denied');
        return reply.redirect(target.toString());
      }
    },
  );
};

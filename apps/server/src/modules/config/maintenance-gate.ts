import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../lib/app-error';
import type { AppConfig } from '@ray/shared/schemas/config';
import { getAppConfig, knownAppConfig } from './config.service';

/** How soon a client refused for maintenance may ask again: the configuration is cached for 5 seconds. */
const RETRY_AFTER_SECONDS = 30;

/**
 * What stays open to everyone while maintenance is on: the configuration that tells the client so, the probes,
 * and what an admin needs to sign in and stay signed in (by password or a provider, the token renewal, the
 * caller's own profile that says whether they are an admin, and sign-out). A digest's one-click unsubscribe
 * keeps working too: a reader who asked to stop receiving mail must not have to wait for the platform.
 */
const OPEN_DURING_MAINTENANCE = new Set([
  'GET /api/config',
  'GET /api/health',
  'GET /api/ready',
  'POST /api/account/login',
  'POST /api/account/refresh-token',
  'POST /api/account/logout',
  'POST /api/account/social-login',
  'GET /api/account/external-login/:provider',
  'GET /api/account/external-login-callback',
  'POST /api/account/external-login-callback',
  'GET /api/account/oauth-session/:session',
  'GET /api/users/profile',
  'POST /api/email/unsubscribe',
]);

function isOpen(request: FastifyRequest): boolean {
  if (request.method === 'OPTIONS' || request.method === 'HEAD') return true;
  return OPEN_DURING_MAINTENANCE.has(`${request.method} ${request.routeOptions.url ?? ''}`);
}

/**
 * While maintenance is on, every API call of a visitor or a user who is not an admin answers 503 MAINTENANCE with
 * the admins' message, so a page left open turns into the maintenance page at its next call. Admins use the whole
 * API, so they can check the platform and switch maintenance off. Runs after the bearer token is read.
 */
async function maintenanceGate(app: FastifyInstance) {
  const refusal = (config: AppConfig) =>
    config.maintenanceMode
      ? new AppError('MAINTENANCE', {
          message: config.maintenanceMessage,
          retryAfterSeconds: RETRY_AFTER_SECONDS,
        })
      : undefined;
  // A callback hook: every API request passes it, and the configuration is nearly always known already, so the
  // common case decides without a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    if (isOpen(request) || request.auth?.role === 'admin') {
      done();
      return;
    }
    const known = knownAppConfig(app.ctx);
    if (known) {
      done(refusal(known));
      return;
    }
    getAppConfig(app.ctx).then(
      (config) => {
        done(refusal(config));
      },
      (error: unknown) => {
        done(error as Error);
      },
    );
  });
}

export const maintenanceMode = fp(maintenanceGate, { name: 'maintenance-gate' });

import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Role } from '@ray/shared/schemas/user';
import { AppError } from '../lib/app-error';
import type { AccessClaims } from '../lib/tokens';
import { METRICS_PATH } from './metrics';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller, or null for a visitor. Set once per request by the auth hook. */
    auth: AccessClaims | null;
  }
}

/**
 * Reads the bearer token of every request. A visitor without a token goes on as a visitor; a token that is
 * present but expired, tampered with or revoked answers 401 so the client refreshes it.
 */
async function bearerTokens(app: FastifyInstance) {
  app.decorateRequest('auth', null);
  const authenticate = async (request: FastifyRequest, header: string) => {
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) throw new AppError('UNAUTHORIZED');
    const claims = await app.ctx.tokens.verify(match[1]!);
    if (!(await app.ctx.sessions.isActive(claims.sessionId))) throw new AppError('UNAUTHORIZED');
    app.ctx.sessions.used(claims.sessionId);
    request.auth = claims;
  };
  // A callback hook, so that a visitor's request (no header) costs no promise.
  app.addHook('onRequest', (request, _reply, done) => {
    const header = request.headers.authorization;
    // The metrics route checks a bearer of its own (METRICS_TOKEN), which is no access token.
    if (!header || request.routeOptions.url === METRICS_PATH) {
      done();
      return;
    }
    authenticate(request, header).then(
      () => {
        done();
      },
      (error: unknown) => {
        done(error as Error);
      },
    );
  });
}

export function requireAuth(request: FastifyRequest): AccessClaims {
  if (!request.auth) throw new AppError('UNAUTHORIZED');
  return request.auth;
}

export function requireRole(request: FastifyRequest, ...roles: Role[]): AccessClaims {
  const auth = requireAuth(request);
  if (!roles.includes(auth.role)) throw new AppError('FORBIDDEN');
  return auth;
}

export const auth = fp(bearerTokens, { name: 'auth' });

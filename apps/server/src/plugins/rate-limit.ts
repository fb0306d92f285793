import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { msg } from '@ray/shared/messages.ar';
import { AppError } from '../lib/app-error';
import { limitAddress, type RateLimiter } from '../lib/rate-limiter';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** False for a route the general limit must never refuse (a balancer's probe). */
    rateLimit?: false;
  }
}

/**
 * The general budget of one client address: every API request and every page counts against the same
 * `perMinute`, so a visitor cannot spend it twice by asking for pages (whose server rendering calls the API as
 * that visitor) alongside API calls. Returns the seconds to wait, or 0 when the request may go ahead.
 */
export type RequestBudget = (request: FastifyRequest) => Promise<number>;

export function requestBudget(limiter: RateLimiter, perMinute: number): RequestBudget {
  return (request) =>
    limiter.take([{ key: `api:${limitAddress(request.ip)}`, max: perMinute, windowSeconds: 60 }]);
}

/** Refuses the requests of a scope past their address's budget with 429, Retry-After and the Arabic message. */
async function spendBudget(scope: FastifyInstance, { budget }: { budget: RequestBudget }) {
  // A callback hook: every request passes it, and an async one would cost a promise more on each.
  scope.addHook('onRequest', (request, _reply, done) => {
    if (request.routeOptions.config.rateLimit === false) {
      done();
      return;
    }
    budget(request).then(
      (wait) => {
        done(
          wait > 0
            ? new AppError('RATE_LIMITED', { message: msg.rateLimited, retryAfterSeconds: wait })
            : undefined,
        );
      },
      (error: unknown) => {
        done(error as Error);
      },
    );
  });
}

export const requestLimit = fp(spendBudget, { name: 'request-limit' });

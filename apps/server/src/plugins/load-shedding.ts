import type { FastifyInstance } from 'fastify';
import { msg } from '@ray/shared/messages.ar';
import { AppError } from '../lib/app-error';

/**
 * Bounds the API requests in progress. Past the bound a request is refused at once with 503 and Retry-After,
 * instead of queueing behind the database until every client times out. The embedded database has a single
 * connection, so its bound is much lower than PostgreSQL's.
 */
export function registerLoadShedding(app: FastifyInstance, maxInFlight: number) {
  let inFlight = 0;
  app.decorateRequest('counted', false);
  app.addHook('onRequest', async (request) => {
    if (inFlight >= maxInFlight) {
      throw new AppError('SERVICE_UNAVAILABLE', { message: msg.serviceUnavailable, retryAfterSeconds: 2 });
    }
    inFlight += 1;
    request.counted = true;
  });
  const release = async (request: { counted: boolean }) => {
    if (!request.counted) return;
    request.counted = false;
    inFlight -= 1;
  };
  app.addHook('onResponse', release);
  app.addHook('onRequestAbort', release);
}

declare module 'fastify' {
  interface FastifyRequest {
    counted: boolean;
  }
}

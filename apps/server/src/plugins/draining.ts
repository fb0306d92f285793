import type { FastifyInstance } from 'fastify';
import type { ErrorResponse } from '@ray/shared/errors';
import { msg } from '@ray/shared/messages.ar';
import { METRICS_PATH } from './metrics';

export type Phase = 'starting' | 'serving' | 'draining';

declare module 'fastify' {
  interface FastifyInstance {
    /** Starts refusing new requests (503, Retry-After) while the ones in flight finish; see server.ts. */
    drain(): void;
    /** Where the instance is in its life, for /api/ready. */
    phase(): Phase;
  }
}

/**
 * Still answered while draining: liveness (the process itself is fine), readiness (which says it drains, so a
 * balancer stops sending) and the metrics (the drain is worth watching).
 */
const ANSWERED_WHILE_DRAINING = new Set(['/api/health', '/api/ready', METRICS_PATH]);

const RETRY_AFTER_SECONDS = 5;
/** Sent as text, past every route's response schema (some, like /api/ready, describe a 503 of their own). */
const REFUSAL = JSON.stringify({
  success: false,
  code: 'SERVICE_UNAVAILABLE',
  message: msg.serviceUnavailable,
} satisfies ErrorResponse);

/**
 * Graceful shutdown without cut connections. Draining, the server keeps listening for a moment: requests already
 * running finish, new ones are refused with 503 and `Retry-After` (so a balancer sends them elsewhere), and every
 * answer carries `Connection: close`, so clients stop reusing their connections before the port closes.
 */
export function registerDraining(app: FastifyInstance, options: { onRefused?: () => void } = {}) {
  let draining = false;
  let ready = false;
  app.decorate('drain', () => {
    draining = true;
  });
  app.decorate('phase', (): Phase => (draining ? 'draining' : ready ? 'serving' : 'starting'));
  app.addHook('onReady', async () => {
    ready = true;
  });
  app.addHook('preClose', async () => {
    draining = true;
  });
  // Callback hooks: they run on every request, and the common case (not draining) must cost no promise.
  app.addHook('onRequest', (request, reply, done) => {
    if (!draining || ANSWERED_WHILE_DRAINING.has(request.routeOptions.url ?? '')) {
      done();
      return;
    }
    options.onRefused?.();
    void reply
      .code(503)
      .header('retry-after', String(RETRY_AFTER_SECONDS))
      .type('application/json; charset=utf-8')
      .send(REFUSAL);
  });
  app.addHook('onSend', (_request, reply, _payload, done) => {
    if (draining) reply.header('connection', 'close');
    done();
  });
}

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ErrorResponse } from '@ray/shared/errors';
import { msg } from '@ray/shared/messages.ar';
import type { Metrics } from '../lib/metrics';

const RETRY_AFTER_SECONDS = 2;
const REFUSAL = JSON.stringify({
  success: false,
  code: 'SERVICE_UNAVAILABLE',
  message: msg.serviceUnavailable,
} satisfies ErrorResponse);

/**
 * Never refused: the probes of a load balancer or an orchestrator. A busy instance that failed them would be
 * restarted (liveness) or dropped (readiness), and under a load shared by all, every instance at once.
 */
const PROBES = new Set(['/api/health', '/api/ready']);

/**
 * Bounds the API requests in progress. Past the bound a request is refused at once with 503 and Retry-After,
 * instead of queueing behind the database until every client times out. The embedded database has a single
 * connection, so its bound is much lower than PostgreSQL's. The count in progress and the refusals are metrics.
 */
async function boundInFlight(app: FastifyInstance, options: { maxInFlight: number; metrics: Metrics }) {
  const { maxInFlight, metrics } = options;
  let inFlight = 0;
  metrics.gauge(
    'http_requests_in_flight',
    'API requests in progress, which MAX_IN_FLIGHT bounds',
    () => inFlight,
  );
  app.addHook('onRequest', (request, reply, done) => {
    if (inFlight >= maxInFlight && !PROBES.has(request.routeOptions.url ?? '')) {
      metrics.shed.inc({ reason: 'overload' });
      // Answered here rather than thrown: a refusal is the server working as designed, so it must cost next to
      // nothing (no stack trace, no error log line) when thousands of them arrive each second.
      void reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .type('application/json; charset=utf-8')
        .send(REFUSAL);
      return;
    }
    inFlight += 1;
    // The response's 'close' comes exactly once, whether it was sent or the client left first. Fastify's
    // onResponse and onRequestAbort both miss a client that leaves after sending its whole body, and each such
    // request would keep its slot for good until the server refused everything.
    reply.raw.once('close', () => {
      inFlight -= 1;
    });
    done();
  });
}

export const loadShedding = fp(boundInFlight, { name: 'load-shedding' });

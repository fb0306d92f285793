import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { msg } from '@ray/shared/messages.ar';
import { serverMsg } from '@ray/shared/server-messages.ar';
import type { Metrics } from '../lib/metrics';

export const METRICS_PATH = '/metrics';

/** The route label of requests that matched no route: their URLs are anyone's choice and would be unbounded. */
const UNMATCHED = 'unmatched';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Prometheus text at /metrics for a scraper that sends `Authorization: Bearer <METRICS_TOKEN>`; without the
 * setting the route does not exist (404) and requests are not timed. It sits outside /api: neither rate-limited
 * nor shed under load (a scrape is most useful exactly then) and not in the API documentation.
 */
async function metricsRoute(app: FastifyInstance, options: { token: string | undefined; metrics: Metrics }) {
  const { metrics } = options;
  // Compared as digests: equal lengths for timingSafeEqual, and the time taken says nothing about the token.
  const expected = options.token === undefined ? undefined : digest(options.token);

  if (expected) {
    app.addHook('onResponse', (request, reply, done) => {
      metrics.requestDuration.observe(
        {
          method: request.method,
          route: request.routeOptions.url ?? UNMATCHED,
          status: String(reply.statusCode),
        },
        reply.elapsedTime / 1000,
      );
      done();
    });
  }

  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (!expected)
      return reply.status(404).send({ success: false, code: 'NOT_FOUND', message: serverMsg.routeNotFound });
    const [scheme, token] = (request.headers.authorization ?? '').split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !token || !timingSafeEqual(digest(token), expected))
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer')
        .send({ success: false, code: 'UNAUTHORIZED', message: msg.unauthorized });
    return reply
      .header('cache-control', 'no-store')
      .type(metrics.contentType)
      .send(await metrics.text());
  });
}

export const metricsEndpoint = fp(metricsRoute, { name: 'metrics' });

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const RETRY_AFTER_SECONDS = 5;

const state = z.enum(['up', 'down']);
const dependencies = {
  database: state,
  redis: z.enum(['up', 'down', 'off']).describe('`off` when REDIS_URL is not set: the instance works alone'),
  storage: state.describe('Where uploads are kept: the data folder or the S3 bucket'),
};

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'The process is up (liveness)',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/ready',
    {
      // A balancer's probe from one address must never be refused for coming too often.
      config: { rateLimit: false },
      schema: {
        tags: ['health'],
        summary: 'The instance takes requests (readiness), and the state of what it depends on',
        description:
          '503 only while the instance starts or drains. A dependency that is down makes the status `degraded` ' +
          'with 200: it is shared by every instance, and dropping them all from the balancer would help no one.',
        response: {
          200: z.object({ status: z.enum(['ready', 'degraded']), ...dependencies }),
          503: z.object({ status: z.enum(['starting', 'draining']), ...dependencies }),
        },
      },
    },
    async (_request, reply) => {
      const states = await app.ctx.dependencies.states();
      const phase = app.phase();
      if (phase !== 'serving')
        return reply
          .status(503)
          .header('retry-after', String(RETRY_AFTER_SECONDS))
          .send({ status: phase, ...states });
      const degraded = Object.values(states).includes('down');
      return { status: degraded ? ('degraded' as const) : ('ready' as const), ...states };
    },
  );
};

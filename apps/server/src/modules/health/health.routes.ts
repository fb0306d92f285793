import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const READY_TIMEOUT_MS = 2_000;

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'The process is up',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'The database answers',
        response: {
          200: z.object({ status: z.literal('ready') }),
          503: z.object({ status: z.literal('unavailable') }),
        },
      },
    },
    async (_request, reply) => {
      let timer: NodeJS.Timeout | undefined;
      let ready = true;
      try {
        await Promise.race([
          app.ctx.database.ping(),
          new Promise((_, reject) => {
            timer = setTimeout(() => {
              reject(new Error('timeout'));
            }, READY_TIMEOUT_MS);
          }),
        ]);
      } catch {
        ready = false;
      } finally {
        clearTimeout(timer);
      }
      if (ready) return { status: 'ready' as const };
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({ status: 'unavailable' as const });
    },
  );
};

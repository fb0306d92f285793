import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { REALTIME_PATH } from '@ray/shared/constants';
import { AppError } from '../lib/app-error';
import { SIGNALR_HUB_PATH, type SignalRHub } from '../lib/signalr-hub';
import type { AccessClaims } from '../lib/tokens';
import { requestLimit, type RequestBudget } from './rate-limit';

const negotiateQuery = z.object({
  negotiateVersion: z.coerce.number().int().min(1).max(1),
  useStatefulReconnect: z.enum(['true', 'false']).optional(),
  /** Browsers cannot set headers on a WebSocket, so their clients send the access token here (never logged). */
  access_token: z.string().min(1).max(4096).optional(),
});

/**
 * The SignalR notification hub on the HTTP server: its negotiate route, and the WebSocket upgrades that carry a
 * connection token. Socket.IO's upgrades (under REALTIME_PATH) are left to Socket.IO; any other upgrade is
 * refused at once. The page /notifications of the web app is an ordinary GET and never reaches the hub.
 */
async function signalrHub(app: FastifyInstance, { hub, budget }: { hub: SignalRHub; budget: RequestBudget }) {
  await app.register(async (scope) => {
    await scope.register(requestLimit, { budget });
    scope
      .withTypeProvider<ZodTypeProvider>()
      .post(
        `${SIGNALR_HUB_PATH}/negotiate`,
        { schema: { hide: true, querystring: negotiateQuery } },
        async (request, reply) => {
          let claims: AccessClaims | null = request.auth;
          const queryToken = request.query.access_token;
          if (!claims && queryToken) {
            claims = await app.ctx.tokens.verify(queryToken).catch(() => null);
            if (claims && !(await app.ctx.sessions.isActive(claims.sessionId))) claims = null;
          }
          if (!claims) throw new AppError('UNAUTHORIZED');
          void reply.header('cache-control', 'no-store');
          return hub.negotiate(claims, request.query.useStatefulReconnect === 'true');
        },
      );
  });

  const socketIoPrefix = `${REALTIME_PATH}/`;
  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (hub.claims(request, SIGNALR_HUB_PATH)) {
      hub.handleUpgrade(request, socket, head).catch((error: unknown) => {
        app.log.error({ err: error }, 'signalr upgrade failed');
        socket.destroy();
      });
      return;
    }
    if ((request.url ?? '').startsWith(socketIoPrefix)) return;
    socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  };
  app.server.on('upgrade', onUpgrade);
  app.addHook('onClose', () => {
    app.server.off('upgrade', onUpgrade);
  });
}

export const signalr = fp(signalrHub, { name: 'signalr', dependencies: ['auth'] });

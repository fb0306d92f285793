import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
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
 * A connection left idle this long as the drain begins is ended; one used more recently is given the rest of
 * this time to send its next request, which is then answered (503, `Connection: close`) rather than cut.
 * Shorter than the drain (server.ts), so every idle connection is ended before the port closes.
 */
export const IDLE_BEFORE_END_MS = 400;

/**
 * The server's open connections, how many requests each is answering and when it last finished one. Draining, an
 * idle keep-alive connection is ended with a FIN (only the sending side: a request already on its way is still
 * read) once it has been idle for IDLE_BEFORE_END_MS, while the port is still open; busy ones end after their
 * answer. A client busy on a connection sends on it again within moments and gets an answer that closes it; only
 * a connection its client has left alone is ended under it.
 */
class Connections {
  private readonly open = new Set<Socket>();
  private readonly busy = new WeakMap<Socket, number>();
  private readonly lastUsed = new WeakMap<Socket, number>();
  private draining = false;

  constructor(app: FastifyInstance) {
    app.server.on('connection', (socket: Socket) => {
      this.open.add(socket);
      this.lastUsed.set(socket, Date.now());
      socket.once('close', () => this.open.delete(socket));
    });
  }

  started(socket: Socket) {
    this.busy.set(socket, (this.busy.get(socket) ?? 0) + 1);
  }

  /**
   * An answer went out. Draining, its connection ends with it if the answer said so (`Connection: close`); an
   * answer whose headers left before the drain began did not, and its client may be sending the next request on
   * the connection already, so the connection is given IDLE_BEFORE_END_MS to bring it, like a recently used one.
   */
  finished(socket: Socket, announcedClose: boolean) {
    const left = (this.busy.get(socket) ?? 1) - 1;
    this.busy.set(socket, left);
    this.lastUsed.set(socket, Date.now());
    if (left !== 0 || !this.draining || !this.open.has(socket)) return;
    if (announcedClose) this.end(socket);
    else
      setTimeout(() => {
        this.endIfIdle(socket);
      }, IDLE_BEFORE_END_MS).unref();
  }

  drain() {
    this.draining = true;
    const now = Date.now();
    for (const socket of this.open) {
      if (this.busy.get(socket)) continue;
      const idleFor = now - (this.lastUsed.get(socket) ?? 0);
      if (idleFor >= IDLE_BEFORE_END_MS) this.end(socket);
      else
        setTimeout(() => {
          this.endIfIdle(socket);
        }, IDLE_BEFORE_END_MS - idleFor).unref();
    }
  }

  private endIfIdle(socket: Socket) {
    if (this.open.has(socket) && !this.busy.get(socket)) this.end(socket);
  }

  private end(socket: Socket) {
    if (!socket.writableEnded) socket.end();
  }
}

/**
 * Graceful shutdown without cut connections. Draining, the server keeps listening for a moment: requests already
 * running finish, new ones are refused with 503 and `Retry-After` (so a balancer sends them elsewhere), every
 * answer carries `Connection: close`, and idle keep-alive connections are closed, so no client holds a connection
 * it might send on just as the port closes.
 */
async function drainOnClose(app: FastifyInstance, options: { onRefused?: () => void }) {
  let draining = false;
  let ready = false;
  const connections = new Connections(app);
  const startDraining = () => {
    if (draining) return;
    draining = true;
    connections.drain();
  };
  app.decorate('drain', startDraining);
  app.decorate('phase', (): Phase => (draining ? 'draining' : ready ? 'serving' : 'starting'));
  app.addHook('onReady', async () => {
    ready = true;
  });
  app.addHook('preClose', async () => {
    startDraining();
  });
  // Callback hooks: they run on every request, and the common case (not draining) must cost no promise.
  app.addHook('onRequest', (request, reply, done) => {
    const socket = request.raw.socket as Socket | null;
    if (socket) {
      connections.started(socket);
      reply.raw.once('close', () => {
        connections.finished(socket, reply.raw.getHeader('connection') === 'close');
      });
    }
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

export const draining = fp(drainOnClose, { name: 'draining' });

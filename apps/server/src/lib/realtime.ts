import { createAdapter } from '@socket.io/redis-streams-adapter';
import type { FastifyBaseLogger } from 'fastify';
import type { Server as HttpServer } from 'node:http';
import { randomUUID } from 'node:crypto';
import { Server, type Socket } from 'socket.io';
import { REALTIME_PATH, REALTIME_TOKEN_MIN } from '@ray/shared/constants';
import { REALTIME_EVENTS, type ServerToClientEvents } from '@ray/shared/realtime';
import type { Metrics } from './metrics';
import { closeRedisClient, createRedisClient, type RedisClient, type RedisErrorSink } from './redis';
import type { SignalRHub } from './signalr-hub';
import type { AccessTokens } from './tokens';

interface SocketData {
  userId: string;
  sessionId: string;
}

/** What the hub asks of the sign-in sessions: whether one is still active, and word when some are revoked. */
export interface SessionWatch {
  isActive(sessionId: string): Promise<boolean>;
  onRevoked(listener: (sessionIds: string[]) => void): void;
}

type HubSocket = Socket<Record<string, never>, ServerToClientEvents, Record<string, never>, SocketData>;

const userRoom = (userId: string) => `user:${userId}`;
const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/**
 * The adapter subscribes on copies of the client and leaves the promise of SUBSCRIBE unhandled: a Redis that
 * refuses the command (NOAUTH, from a REDIS_URL without the password) would end the process. The refusal goes to
 * `errors` instead. Those subscriptions carry only the adapter's ephemeral messages, which this app does not use;
 * events travel through the stream, whose reader retries on its own.
 */
function withHandledSubscriptions(client: RedisClient, errors: RedisErrorSink): RedisClient {
  const duplicate = client.duplicate.bind(client);
  client.duplicate = ((...args: Parameters<typeof duplicate>) => {
    const copy = duplicate(...args);
    const subscribe = copy.subscribe.bind(copy);
    copy.subscribe = ((...params: Parameters<typeof subscribe>) => {
      const subscribed = subscribe(...params);
      subscribed.catch((error: unknown) => {
        errors.report(error);
      });
      return subscribed;
    }) as typeof copy.subscribe;
    return copy;
  }) as typeof client.duplicate;
  return client;
}

/** What travels between instances for the SignalR hub: one event for one user's connections. */
interface SignalRDelivery {
  from: string;
  userId: string;
  event: keyof ServerToClientEvents;
  args: unknown[];
}

/**
 * The notification gateway: every event for a user goes to both hubs, the Socket.IO one at REALTIME_PATH and the
 * SignalR one (lib/signalr-hub.ts) of native clients. A Socket.IO socket proves who it is with an access token in
 * the handshake `auth` payload, joins only its own user's room, and is dropped when its token expires or its
 * session is revoked. With Redis, every instance shares Socket.IO events through a Redis stream, which also
 * survives Redis restarts, and SignalR events through a pub/sub channel.
 */
export class Realtime {
  readonly io: Server<Record<string, never>, ServerToClientEvents, Record<string, never>, SocketData>;
  private redis: RedisClient | undefined;
  private subscriber: RedisClient | undefined;
  private signalrChannel = '';
  /** Tells this instance's own SignalR deliveries from those of other instances on the shared channel. */
  private readonly instanceId = randomUUID();
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(
    server: HttpServer,
    private readonly deps: {
      tokens: AccessTokens;
      sessions: SessionWatch;
      logger: FastifyBaseLogger;
      metrics: Metrics;
      signalr: SignalRHub;
    },
  ) {
    this.io = new Server(server, {
      path: REALTIME_PATH,
      serveClient: false,
      cors: { origin: false },
      pingInterval: 15_000,
      pingTimeout: 30_000,
      maxHttpBufferSize: 16 * 1024,
      connectionStateRecovery: { maxDisconnectionDuration: 2 * 60_000, skipMiddlewares: false },
      // Other upgrades belong to the SignalR hub, whose listener refuses those no hub claims (plugins/signalr.ts).
      destroyUpgrade: false,
    });
    this.io.use((socket, next) => {
      this.authenticate(socket).then(
        () => {
          next();
        },
        () => {
          next(new Error('unauthorized'));
        },
      );
    });
    this.io.on('connection', (socket) => {
      void socket.join([userRoom(socket.data.userId), sessionRoom(socket.data.sessionId)]);
      socket.on('disconnect', () => {
        clearTimeout(this.timers.get(socket.id));
        this.timers.delete(socket.id);
      });
    });
    deps.sessions.onRevoked((sessionIds) => {
      for (const id of sessionIds) this.io.in(sessionRoom(id)).disconnectSockets(true);
    });
  }

  /**
   * Shares events between instances through Redis; without it this instance works alone. Connection trouble
   * goes to `errors`, which logs an outage once for every Redis client of the process.
   */
  useRedis(url: string, names: { prefix: string; stream: string }, errors: RedisErrorSink) {
    const client = createRedisClient(url, {
      queueWhileDown: true,
      onError: (error) => {
        errors.report(error);
      },
    });
    this.redis = client;
    // Commands wait in the client's queue until Redis answers, so a Redis that is down at start delays only the
    // sharing of events, never the start of the server.
    // Every key and channel the adapter uses carries the deployment's prefix, so deployments can share a Redis.
    this.io.adapter(
      createAdapter(withHandledSubscriptions(client, errors), {
        streamName: names.stream,
        maxLen: 100_000,
        sessionKeyPrefix: `${names.prefix}sio:session:`,
        channelPrefix: `${names.prefix}socket.io`,
      }),
    );
    client.connect().catch((error: unknown) => {
      errors.report(error);
    });
    // The stream adapter carries only Socket.IO's packets: SignalR deliveries have a channel of their own, on
    // which each instance hands what the others publish to its own connections.
    this.signalrChannel = `${names.prefix}signalr`;
    const subscriber = createRedisClient(url, {
      queueWhileDown: true,
      onError: (error) => {
        errors.report(error);
      },
    });
    this.subscriber = subscriber;
    subscriber
      .connect()
      .then(() =>
        subscriber.subscribe(this.signalrChannel, (text) => {
          this.receiveSignalR(text);
        }),
      )
      .catch((error: unknown) => {
        errors.report(error);
      });
  }

  private receiveSignalR(text: string) {
    let delivery: SignalRDelivery;
    try {
      delivery = JSON.parse(text) as SignalRDelivery;
    } catch {
      return;
    }
    if (delivery.from === this.instanceId) return;
    this.deps.signalr.sendToUser(delivery.userId, delivery.event, delivery.args);
  }

  /** The SignalR hub this gateway feeds. */
  get signalr(): SignalRHub {
    return this.deps.signalr;
  }

  /** Connections open on this instance, authenticated or not. */
  openSockets(): number {
    return this.io.engine.clientsCount;
  }

  private async authenticate(socket: HubSocket) {
    const token: unknown = (socket.handshake.auth as { token?: unknown }).token;
    if (typeof token !== 'string' || token.length < REALTIME_TOKEN_MIN) throw new Error('unauthorized');
    const claims = await this.deps.tokens.verify(token);
    if (!(await this.deps.sessions.isActive(claims.sessionId))) throw new Error('unauthorized');
    socket.data.userId = claims.userId;
    socket.data.sessionId = claims.sessionId;
    if (claims.exp) {
      const timer = setTimeout(() => socket.disconnect(true), Math.max(0, claims.exp * 1000 - Date.now()));
      timer.unref();
      this.timers.set(socket.id, timer);
    }
  }

  /**
   * Whether an event for this user can reach a socket. Alone (no Redis), this instance holds every socket, so a
   * user with none here has no one to tell; with Redis the sockets may be on another instance.
   */
  reaches(userId: string): boolean {
    return (
      Boolean(this.redis) ||
      this.io.sockets.adapter.rooms.has(userRoom(userId)) ||
      this.deps.signalr.hasUser(userId)
    );
  }

  /** Sends an event to every socket and SignalR connection of one user, on whichever instance it is. */
  emitToUser<E extends keyof ServerToClientEvents>(
    userId: string,
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ) {
    this.io.to(userRoom(userId)).emit(event, ...args);
    this.deps.signalr.sendToUser(userId, event, args);
    if (this.redis) {
      const delivery: SignalRDelivery = { from: this.instanceId, userId, event, args };
      this.redis.publish(this.signalrChannel, JSON.stringify(delivery)).catch((error: unknown) => {
        this.deps.logger.warn({ err: error }, 'signalr delivery not shared');
      });
    }
    if (event === REALTIME_EVENTS.receiveNotification) this.deps.metrics.notificationsDelivered.inc();
  }

  /** Lets the HTTP server close: sockets are told to reconnect (to another instance) rather than held open. */
  disconnectLocal() {
    this.io.local.disconnectSockets(true);
    this.deps.signalr.closeAll();
    // Also the transports that never joined (an unauthenticated or dead client), which would hold the port.
    this.io.engine.close();
  }

  async close() {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.deps.signalr.close();
    await closeRedisClient(this.subscriber);
    await closeRedisClient(this.redis);
  }
}

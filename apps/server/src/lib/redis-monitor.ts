import type { FastifyBaseLogger } from 'fastify';
import { closeRedisClient, createRedisClient, type RedisClient, type RedisErrorSink } from './redis';

const PROBE_INTERVAL_MS = 2_000;
const PROBE_TIMEOUT_MS = 1_000;
const ODDITY_LOG_MS = 60_000;
const CONSEQUENCES =
  'real-time events reach only the sockets of this instance, rate limits count on this instance, ' +
  'sign-outs on other instances arrive within 10 s; retrying';

/** Host and port of a Redis URL, never its password. */
export function redisAddress(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || '6379'}`;
  } catch {
    return 'redis';
  }
}

/**
 * Whether Redis answers, from a connection of its own that sends PING: a client can look connected while every
 * command is refused (a URL without the password connects, then each command answers NOAUTH). The other Redis
 * clients send their errors here instead of logging them, so that an outage is logged once when it starts and
 * once when it ends, however many clients and reconnection attempts it touches.
 */
export class RedisMonitor implements RedisErrorSink {
  readonly address: string;
  private state: 'unknown' | 'up' | 'down' = 'unknown';
  private lastError: unknown;
  private probing: Promise<void> | undefined;
  private closed = false;
  private lastOddity = 0;
  private readonly client: RedisClient;
  private readonly timer: NodeJS.Timeout;

  constructor(
    url: string,
    private readonly logger: FastifyBaseLogger,
  ) {
    this.address = redisAddress(url);
    this.client = createRedisClient(url, {
      queueWhileDown: false,
      onError: (error) => {
        this.report(error);
      },
    });
    this.client.on('ready', () => {
      void this.probe();
    });
    this.client.connect().catch((error: unknown) => {
      this.report(error);
    });
    this.timer = setInterval(() => {
      void this.probe();
    }, PROBE_INTERVAL_MS);
    this.timer.unref();
  }

  /** False until the first PING has been answered. */
  get up(): boolean {
    return this.state === 'up';
  }

  /**
   * A client's trouble: kept for the log line, and checked now rather than at the next probe. Trouble that PING
   * does not share (a refused write, a client over the server's connection limit) is logged at most once a minute.
   */
  report(error: unknown) {
    this.lastError = error;
    void this.probe().then(() => {
      if (this.state !== 'up' || this.closed || Date.now() - this.lastOddity < ODDITY_LOG_MS) return;
      this.lastOddity = Date.now();
      this.logger.warn(
        { err: error, redis: this.address },
        'a redis command failed although redis answers PING',
      );
    });
  }

  /** Sends one PING, unless one is already under way; resolves once the state reflects its answer. */
  probe(): Promise<void> {
    this.probing ??= this.ping().finally(() => {
      this.probing = undefined;
    });
    return this.probing;
  }

  private async ping() {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<Error>((resolve) => {
      timer = setTimeout(() => {
        resolve(new Error(`no answer to PING within ${PROBE_TIMEOUT_MS} ms`));
      }, PROBE_TIMEOUT_MS);
    });
    const failure = await Promise.race([
      this.client.ping().then(
        () => undefined,
        (error: unknown) => error,
      ),
      timeout,
    ]);
    clearTimeout(timer);
    if (failure === undefined) this.become('up', undefined);
    // A client that is not connected refuses at once with "the client is offline"; the reason is the error of
    // its last connection attempt (ECONNREFUSED, WRONGPASS, …).
    else this.become('down', this.client.isReady ? failure : (this.lastError ?? failure));
  }

  private become(next: 'up' | 'down', cause: unknown) {
    const previous = this.state;
    this.state = next;
    if (previous === next || this.closed) return;
    if (next === 'down')
      this.logger.warn({ err: cause, redis: this.address }, `redis unavailable: ${CONSEQUENCES}`);
    else if (previous === 'down') this.logger.info({ redis: this.address }, 'redis available again');
  }

  async close() {
    this.closed = true;
    clearInterval(this.timer);
    await this.probing;
    await closeRedisClient(this.client);
  }
}

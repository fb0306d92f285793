import { randomUUID } from 'node:crypto';
import { createClient } from 'redis';

export type RedisClient = ReturnType<typeof createClient>;

/**
 * Where the clients send their errors instead of logging them (lib/redis-monitor.ts): one outage makes every
 * client fail at each reconnection attempt, and should still make one log line.
 */
export interface RedisErrorSink {
  report(error: unknown): void;
}

/**
 * A Redis client that reconnects on its own, every 2 s at most. With `queueWhileDown` commands wait for the
 * connection (events that must not be lost); without, they fail at once, for callers that have a local answer.
 */
export function createRedisClient(
  url: string,
  options: { queueWhileDown: boolean; onError: (error: unknown) => void },
): RedisClient {
  const client = createClient({
    url,
    disableOfflineQueue: !options.queueWhileDown,
    socket: { reconnectStrategy: (retries) => Math.min(retries * 200, 2_000), connectTimeout: 2_000 },
  });
  client.on('error', options.onError);
  return client;
}

/** Quits politely when connected; a client still reconnecting would never finish a QUIT. */
export async function closeRedisClient(client: RedisClient | undefined) {
  if (client?.isReady) await client.quit().catch(() => undefined);
  else if (client?.isOpen) client.destroy();
}

/**
 * A pub/sub channel that instances share: what one publishes, the others hear (its own messages are left out by
 * the instance id each carries). A publisher and a subscriber client, reconnecting on their own; `onReady` runs
 * at every (re)subscription, for a listener that may have missed messages while away. Publishing while Redis is
 * down drops the message: callers keep a local answer that expires on its own.
 */
export class InstanceChannel {
  private readonly instance = randomUUID();
  private readonly publisher: RedisClient;
  private readonly subscriber: RedisClient;

  constructor(
    url: string,
    private readonly channel: string,
    private readonly options: {
      errors: RedisErrorSink;
      /** A message from another instance, parsed from JSON. */
      onMessage: (message: Record<string, unknown>) => void;
      /** A message no instance of this version would send. */
      onUnreadable: (error: unknown) => void;
      onReady?: () => void;
    },
  ) {
    this.publisher = createRedisClient(url, { queueWhileDown: false, onError: this.trouble });
    this.subscriber = createRedisClient(url, { queueWhileDown: false, onError: this.trouble });
    for (const client of [this.publisher, this.subscriber]) client.connect().catch(this.trouble);
    this.subscriber.on('ready', () => {
      options.onReady?.();
      this.subscriber
        .subscribe(channel, (message) => {
          this.receive(message);
        })
        .catch(this.trouble);
    });
  }

  publish(message: Record<string, unknown>): void {
    if (this.publisher.isReady)
      this.publisher
        .publish(this.channel, JSON.stringify({ ...message, from: this.instance }))
        .catch(this.trouble);
  }

  async close(): Promise<void> {
    await closeRedisClient(this.subscriber);
    await closeRedisClient(this.publisher);
  }

  private readonly trouble = (error: unknown) => {
    this.options.errors.report(error);
  };

  private receive(text: string) {
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch (error) {
      this.options.onUnreadable(error);
      return;
    }
    if (typeof message !== 'object' || message === null) {
      this.options.onUnreadable(new Error('not an object'));
      return;
    }
    const { from, ...rest } = message as Record<string, unknown>;
    if (from !== this.instance) this.options.onMessage(rest);
  }
}

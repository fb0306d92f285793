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

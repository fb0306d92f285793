import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PushedMessage {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface PushService {
  /** `http://127.0.0.1:<port>`, for WEB_PUSH_ALLOWED_ORIGINS and the endpoints of subscriptions. */
  origin: string;
  /** Every request received so far. */
  received: PushedMessage[];
  /** The requests received for one endpoint. */
  receivedAt(endpoint: string): PushedMessage[];
  close(): Promise<void>;
}

/**
 * A push service (RFC 8030) on a free local port: it keeps every message and answers 201, or the status that
 * `answer` gives for a path (410 for a subscription that ended, 500 for a failing service, late for a slow one).
 */
export async function startPushService(
  answer: (path: string) => number | Promise<number> = () => 201,
): Promise<PushService> {
  const received: PushedMessage[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      void Promise.resolve(answer(path)).then((status) => {
        response.statusCode = status;
        response.end();
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    receivedAt: (endpoint) => received.filter((message) => origin + message.path === endpoint),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}

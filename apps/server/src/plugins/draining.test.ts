import type { IncomingMessage, ServerResponse } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

/** A raw keep-alive connection that records what the server did to it. */
interface Client {
  socket: Socket;
  received: string;
  ended: boolean;
  errors: string[];
}

function open(port: number): Promise<Client> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const client: Client = { socket, received: '', ended: false, errors: [] };
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      client.received += chunk;
    });
    socket.on('end', () => {
      client.ended = true;
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      client.errors.push(error.code ?? error.message);
    });
    socket.once('connect', () => {
      resolve(client);
    });
    socket.once('error', reject);
  });
}

function request(client: Client, path: string) {
  client.socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n`);
}

async function until(check: () => boolean, what: string, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** The status lines received, in order (an answer may follow the last one's body on the same line). */
const answers = (client: Client) => client.received.match(/HTTP\/1\.1 \d{3}/g) ?? [];

describe('draining with keep-alive clients', () => {
  let t: TestApp | undefined;

  /** A new test app (`t`), listening on a spare port of the loopback interface. */
  async function listening() {
    t = await createTestApp();
    const { app } = t;
    await app.listen({ port: 0, host: '127.0.0.1' });
    return { app, port: (app.server.address() as AddressInfo).port };
  }

  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('ends idle connections while the port is open, so a client sending at the close is never reset', async () => {
    const { app, port } = await listening();
    const clients = await Promise.all(Array.from({ length: 20 }, () => open(port)));
    for (const client of clients) request(client, '/api/health');
    await until(() => clients.every((c) => answers(c).length === 1), 'the first answers');
    expect(clients.every((c) => !c.ended)).toBe(true);

    app.drain();
    // The port still accepts while draining: a new connection is answered with 503 and closed.
    const late = await open(port);
    request(late, '/api/posts/paginated');
    await until(() => late.ended, 'the late connection to close');
    expect(late.received).toMatch(/^HTTP\/1\.1 503/);
    expect(late.received).toMatch(/connection: close/i);

    // Every idle keep-alive connection is closed by the server before the listener goes away.
    await until(() => clients.every((c) => c.ended), 'idle connections to be ended');

    // A client that writes anyway (it has not read the FIN yet) as the port closes sees a closed connection.
    const closing = app.close();
    for (const client of clients) if (!client.socket.destroyed) request(client, '/api/posts/paginated');
    await closing;
    await new Promise((resolve) => setTimeout(resolve, 100));
    for (const client of [...clients, late]) {
      expect(client.errors).toEqual([]);
      for (const status of answers(client).slice(1)) expect(status).toBe('HTTP/1.1 503');
      client.socket.destroy();
    }
  });

  it('lets a request in progress finish, then closes its connection', async () => {
    const { app, port } = await listening();
    const client = await open(port);
    app.server.once('request', () => {
      app.drain();
    });
    request(client, '/api/posts/paginated');
    await until(() => client.ended, 'the busy connection to end after its answer');
    expect(answers(client)).toEqual(['HTTP/1.1 200']);
    expect(client.errors).toEqual([]);
    client.socket.destroy();
  });

  it('answers the next request on a connection whose last answer left just before the drain began', async () => {
    const { app, port } = await listening();
    const client = await open(port);
    // The answer is out, without `Connection: close`, when the drain begins: its client may send again at once.
    app.server.once('request', (_request: IncomingMessage, response: ServerResponse) => {
      response.once('finish', () => {
        app.drain();
      });
    });
    client.socket.once('data', () => {
      request(client, '/api/posts/paginated');
    });
    request(client, '/api/posts/paginated');
    await until(() => client.ended, 'the connection to end after the refusal');
    expect(answers(client)).toEqual(['HTTP/1.1 200', 'HTTP/1.1 503']);
    expect(client.received).toMatch(/connection: close/i);
    expect(client.errors).toEqual([]);
    client.socket.destroy();
  });
});

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  HttpTransportType,
  HubConnectionBuilder,
  HubConnectionState,
  LogLevel,
  type HubConnection,
  type IHttpConnectionOptions,
} from '@microsoft/signalr';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { msg } from '@ray/shared/messages.ar';
import type { Notification } from '@ray/shared/realtime';
import type { Post } from '@ray/shared/schemas/post';
import { loggedRequest } from '../../app';
import { SIGNALR_HUB_PATH } from '../../lib/signalr-hub';
import { bearer, createTestApp, registerUser, type TestApp, type TestUser } from '../../test/test-app';

/** Short clocks, so that keep-alive and the server timeout show within a test. */
const KEEP_ALIVE_MS = 100;
const SERVER_TIMEOUT_MS = 800;
/** What the real client sends to keep a connection alive, well inside the server timeout. */
const CLIENT_KEEP_ALIVE_MS = 150;
const RS = '\u001e';
const METRICS_TOKEN = 'metrics-token-for-the-signalr-tests';

let t: TestApp;
let base: string;
let dist: string;
const connections: HubConnection[] = [];

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'ray-web-'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html lang="ar" dir="rtl"><body></body></html>\n',
  );
  t = await createTestApp(
    { WEB_DIST_DIR: dist, METRICS_TOKEN },
    { signalrTimings: { keepAliveMs: KEEP_ALIVE_MS, serverTimeoutMs: SERVER_TIMEOUT_MS, ackDelayMs: 50 } },
  );
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await Promise.all(connections.map((connection) => connection.stop()));
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

/** Retries a check until it holds: the machine running the tests may be busy. */
const until = (check: () => void) => vi.waitFor(check, { timeout: 15_000, interval: 20 });

function hub(
  token: () => string | Promise<string>,
  options: { keepAliveMs?: number; stateful?: boolean } = {},
): HubConnection {
  // Node's own WebSocket cannot send the Authorization header; the client takes `ws` when handed it.
  const connectionOptions: IHttpConnectionOptions & { WebSocket: unknown } = {
    accessTokenFactory: token,
    transport: HttpTransportType.WebSockets,
    WebSocket,
  };
  let builder = new HubConnectionBuilder()
    .withUrl(`${base}${SIGNALR_HUB_PATH}`, connectionOptions)
    .configureLogging(LogLevel.None);
  if (options.stateful) builder = builder.withStatefulReconnect({ bufferSize: 100_000 });
  const connection = builder.build();
  connection.keepAliveIntervalInMilliseconds = options.keepAliveMs ?? CLIENT_KEEP_ALIVE_MS;
  connections.push(connection);
  return connection;
}

async function publish(user: TestUser) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/posts',
    headers: bearer(user.token),
    payload: { content: 'منشور ينتظر التعليقات' },
  });
  return response.json<Post>();
}

function comment(user: TestUser, postId: number, content = 'تعليق على منشورك') {
  return t.app.inject({
    method: 'POST',
    url: '/api/comments',
    headers: bearer(user.token),
    payload: { postId, content },
  });
}

function negotiate(query: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: `${SIGNALR_HUB_PATH}/negotiate?${query}`, headers });
}

/** A raw WebSocket speaking the hub protocol by hand, to see the records the server sends. */
async function rawSocket(user: TestUser) {
  const answer = (await negotiate('negotiateVersion=1', bearer(user.token))).json<{
    connectionToken: string;
  }>();
  const socket = new WebSocket(
    `${base.replace('http', 'ws')}${SIGNALR_HUB_PATH}?id=${encodeURIComponent(answer.connectionToken)}`,
    { headers: bearer(user.token) },
  );
  const records: Record<string, unknown>[] = [];
  socket.on('message', (data: Buffer) => {
    for (const record of data.toString('utf8').split(RS).filter(Boolean)) {
      records.push(JSON.parse(record) as Record<string, unknown>);
    }
  });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  return { socket, records, connectionToken: answer.connectionToken };
}

describe('the SignalR notification hub', () => {
  it('delivers ReceiveNotification and UnreadCountChanged when another user comments on the post', async () => {
    const author = await registerUser(t.app);
    const commenter = await registerUser(t.app);
    const connection = hub(() => author.token);
    const notifications: Notification[] = [];
    const counts: number[] = [];
    connection.on('ReceiveNotification', (notification: Notification) => notifications.push(notification));
    connection.on('UnreadCountChanged', (count: number) => counts.push(count));
    await connection.start();
    expect(connection.state).toBe(HubConnectionState.Connected);
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer(METRICS_TOKEN) });
    expect(metrics.body).toMatch(/^\w*signalr_open_connections 1$/m);
    expect(t.app.ctx.realtime.reaches(author.userId)).toBe(true);

    const post = await publish(author);
    expect((await comment(commenter, post.id)).statusCode).toBe(201);
    await until(() => {
      expect(notifications).toHaveLength(1);
      expect(counts.at(-1)).toBe(1);
    });
    expect(notifications[0]).toMatchObject({ type: 'comment', postId: post.id, isRead: false });
    // Only the user's own connections hear of it.
    expect(t.app.ctx.realtime.reaches(commenter.userId)).toBe(false);
    await connection.stop();
  });

  it('answers negotiate with one WebSockets transport, a connection token, and stateful reconnect when asked', async () => {
    const user = await registerUser(t.app);
    const plain = await negotiate('negotiateVersion=1', bearer(user.token));
    expect(plain.statusCode).toBe(200);
    const body = plain.json<Record<string, unknown>>();
    expect(body).toMatchObject({
      negotiateVersion: 1,
      availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text'] }],
    });
    expect(typeof body.connectionId).toBe('string');
    expect(typeof body.connectionToken).toBe('string');
    expect(body.useStatefulReconnect).toBeUndefined();
    const stateful = await negotiate(`negotiateVersion=1&useStatefulReconnect=true`, bearer(user.token));
    expect(stateful.json()).toMatchObject({ useStatefulReconnect: true });
    // Browsers send the token as a parameter.
    const byQuery = await negotiate(`negotiateVersion=1&access_token=${user.token}`);
    expect(byQuery.statusCode).toBe(200);
    expect(byQuery.headers['cache-control']).toBe('no-store');
    const bad = await negotiate('negotiateVersion=abc', bearer(user.token));
    expect(bad.statusCode).toBe(400);
  });

  it('refuses a missing or bad access token: negotiate answers 401 and the client does not start', async () => {
    const missing = await negotiate('negotiateVersion=1');
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({ message: msg.unauthorized });
    expect((await negotiate('negotiateVersion=1&access_token=forged.token.value')).statusCode).toBe(401);

    await expect(hub(() => 'not-a-token').start()).rejects.toThrow(/401/);
    await expect(hub(() => '').start()).rejects.toThrow(/401/);
  });

  it('opens a connection token once, for the session it was issued to, and never for a forged one', async () => {
    const user = await registerUser(t.app);
    const other = await registerUser(t.app);
    const { socket, connectionToken } = await rawSocket(user);
    const refused = (token: string, accessToken: string) =>
      new Promise<number>((resolve, reject) => {
        const attempt = new WebSocket(
          `${base.replace('http', 'ws')}${SIGNALR_HUB_PATH}?id=${encodeURIComponent(token)}`,
          { headers: bearer(accessToken) },
        );
        attempt.once('unexpected-response', (_request, response) => {
          resolve(response.statusCode ?? 0);
        });
        attempt.once('open', () => {
          attempt.terminate();
          reject(new Error('the hub took the socket'));
        });
      });
    // Used already (this connection is not stateful), another user's, forged, without an access token.
    expect(await refused(connectionToken, user.token)).toBe(401);
    const fresh = (await negotiate('negotiateVersion=1', bearer(user.token))).json<{
      connectionToken: string;
    }>();
    expect(await refused(fresh.connectionToken, other.token)).toBe(401);
    expect(await refused(`${fresh.connectionToken.slice(0, -2)}xx`, user.token)).toBe(401);
    expect(await refused(fresh.connectionToken, '')).toBe(401);
    socket.terminate();
  });

  it('sends a Ping every keep-alive interval, and answers an unknown method with an error', async () => {
    const user = await registerUser(t.app);
    const { socket, records } = await rawSocket(user);
    socket.send(`{"protocol":"json","version":1}${RS}`);
    await until(() => {
      expect(records[0]).toEqual({});
    });
    const started = Date.now();
    await until(() => {
      expect(records.filter((record) => record.type === 6).length).toBeGreaterThanOrEqual(3);
    });
    // Three pings at 100 ms: not all at once.
    expect(Date.now() - started).toBeGreaterThanOrEqual(2 * KEEP_ALIVE_MS - 20);
    socket.send(`{"type":1,"invocationId":"7","target":"SendToAll","arguments":[]}${RS}`);
    await until(() => {
      expect(records).toContainEqual({
        type: 3,
        invocationId: '7',
        error: "Unknown hub method 'SendToAll'.",
      });
    });
    socket.terminate();

    // The real client's own server timeout, shorter than ours, never fires thanks to the pings.
    const connection = hub(() => user.token);
    connection.serverTimeoutInMilliseconds = 4 * KEEP_ALIVE_MS;
    await connection.start();
    await expect(connection.invoke('SendToAll')).rejects.toThrow(/Unknown hub method/);
    await new Promise((resolve) => setTimeout(resolve, 3 * 4 * KEEP_ALIVE_MS));
    expect(connection.state).toBe(HubConnectionState.Connected);
    await connection.stop();
  });

  it('closes a connection it has heard nothing from for the server timeout, with a Close message', async () => {
    const user = await registerUser(t.app);
    const connection = hub(() => user.token, { keepAliveMs: 60_000 });
    const closed = new Promise<Error | undefined>((resolve) => {
      connection.onclose(resolve);
    });
    await connection.start();
    const started = Date.now();
    const error = await closed;
    expect(error?.message).toMatch(/Server timeout elapsed without receiving a message/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(SERVER_TIMEOUT_MS - 50);
    await until(() => {
      expect(t.app.ctx.realtime.signalr.hasUser(user.userId)).toBe(false);
    });
  });

  it('closes the connection when its session is signed out', async () => {
    const user = await registerUser(t.app);
    const connection = hub(() => user.token);
    const closed = new Promise<Error | undefined>((resolve) => {
      connection.onclose(resolve);
    });
    await connection.start();
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/account/logout',
      headers: bearer(user.token),
      payload: {},
    });
    expect(logout.statusCode).toBe(200);
    expect((await closed)?.message).toMatch(/session ended/);
  });

  it('replays, after a stateful reconnect, what was sent while the socket was down', async () => {
    const author = await registerUser(t.app);
    const commenter = await registerUser(t.app);
    let gate: Promise<void> = Promise.resolve();
    let openGate = () => {};
    const connection = hub(
      async () => {
        await gate;
        return author.token;
      },
      { stateful: true },
    );
    const notifications: Notification[] = [];
    connection.on('ReceiveNotification', (notification: Notification) => notifications.push(notification));
    await connection.start();
    const post = await publish(author);
    await comment(commenter, post.id, 'قبل الانقطاع');
    await until(() => {
      expect(notifications).toHaveLength(1);
    });

    // The client cannot come back until the gate opens: the socket is cut under it.
    gate = new Promise((resolve) => (openGate = resolve));
    const transport = (connection as unknown as { connection: { transport: { _webSocket: WebSocket } } })
      .connection.transport;
    transport._webSocket.terminate();
    await until(() => {
      expect(t.app.ctx.realtime.signalr.openConnections()).toBe(0);
    });
    expect(t.app.ctx.realtime.reaches(author.userId)).toBe(true);
    await comment(commenter, post.id, 'أثناء الانقطاع');
    openGate();

    await until(() => {
      expect(notifications).toHaveLength(2);
    });
    expect(notifications[1]!.content).toContain('أثناء الانقطاع');
    expect(connection.state).toBe(HubConnectionState.Connected);
    // Nothing arrives twice, and the connection goes on as before.
    await comment(commenter, post.id, 'بعد العودة');
    await until(() => {
      expect(notifications).toHaveLength(3);
    });
    await connection.stop();
  });

  it('leaves the web page /notifications to the web app', async () => {
    const page = await fetch(`${base}${SIGNALR_HUB_PATH}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
  });

  it('never logs the access token a browser sends as a parameter', () => {
    const request = {
      method: 'POST',
      url: `${SIGNALR_HUB_PATH}/negotiate?negotiateVersion=1&access_token=eyJsecret.value&x=1`,
      host: 'localhost',
      ip: '127.0.0.1',
      socket: { remotePort: 1 },
    } as unknown as Parameters<typeof loggedRequest>[0];
    const logged = loggedRequest(request);
    expect(logged.url).toBe(`${SIGNALR_HUB_PATH}/negotiate?negotiateVersion=1&access_token=[redacted]&x=1`);
    expect(JSON.stringify(logged)).not.toContain('eyJsecret');
  });
});

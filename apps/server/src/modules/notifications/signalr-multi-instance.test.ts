import type { AddressInfo } from 'node:net';
import {
  HttpTransportType,
  HubConnectionBuilder,
  LogLevel,
  type IHttpConnectionOptions,
} from '@microsoft/signalr';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Notification } from '@ray/shared/realtime';
import type { Post } from '@ray/shared/schemas/post';
import { SIGNALR_HUB_PATH } from '../../lib/signalr-hub';
import { bearer, createTestApp, registerUser, type TestApp } from '../../test/test-app';

const redisUrl = process.env.REDIS_URL;

/** Needs a Redis server (REDIS_URL); CI provides one. */
describe.runIf(redisUrl)('SignalR clients of several server instances sharing Redis', () => {
  let a: TestApp;
  let b: TestApp;
  const prefix = `ray-test-${process.pid}-${Date.now()}:`;

  beforeAll(async () => {
    a = await createTestApp({ REDIS_URL: redisUrl!, REDIS_PREFIX: prefix });
    b = await createTestApp({ REDIS_URL: redisUrl!, REDIS_PREFIX: prefix }, { sameDatabaseAs: a });
    await b.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('delivers to a SignalR client of instance B what was created through instance A', async () => {
    const author = await registerUser(a.app);
    const commenter = await registerUser(a.app);
    const options: IHttpConnectionOptions & { WebSocket: unknown } = {
      accessTokenFactory: () => author.token,
      transport: HttpTransportType.WebSockets,
      WebSocket,
    };
    const url = `http://127.0.0.1:${(b.app.server.address() as AddressInfo).port}${SIGNALR_HUB_PATH}`;
    const connection = new HubConnectionBuilder()
      .withUrl(url, options)
      .configureLogging(LogLevel.None)
      .build();
    const notifications: Notification[] = [];
    const counts: number[] = [];
    connection.on('ReceiveNotification', (notification: Notification) => notifications.push(notification));
    connection.on('UnreadCountChanged', (count: number) => counts.push(count));
    await connection.start();
    // A holds no connection of the author, yet with Redis it cannot know that another instance does not.
    expect(a.app.ctx.realtime.signalr.hasUser(author.userId)).toBe(false);
    expect(a.app.ctx.realtime.reaches(author.userId)).toBe(true);

    const created = (
      await a.app.inject({
        method: 'POST',
        url: '/api/posts',
        headers: bearer(author.token),
        payload: { content: 'منشور عبر الخادم الأول' },
      })
    ).json<Post>();
    await a.app.inject({
      method: 'POST',
      url: '/api/comments',
      headers: bearer(commenter.token),
      payload: { postId: created.id, content: 'تعليق من الخادم الأول' },
    });
    await vi.waitFor(
      () => {
        expect(notifications).toHaveLength(1);
        expect(counts.at(-1)).toBe(1);
      },
      { timeout: 15_000, interval: 20 },
    );
    expect(notifications[0]).toMatchObject({ type: 'comment', postId: created.id });
    await connection.stop();
  });
});

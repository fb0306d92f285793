import type { AddressInfo } from 'node:net';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REALTIME_PATH } from '@ray/shared/constants';
import type { Notification } from '@ray/shared/realtime';
import type { Post } from '@ray/shared/schemas/post';
import { bearer, createTestApp, registerUser, type TestApp } from '../../test/test-app';

const redisUrl = process.env.REDIS_URL;

/** Needs a Redis server (REDIS_URL); CI provides one. */
describe.runIf(redisUrl)('several server instances sharing Redis', () => {
  let a: TestApp;
  let b: TestApp;
  const stream = `ray-test-${process.pid}-${Date.now()}`;

  beforeAll(async () => {
    a = await createTestApp({ REDIS_URL: redisUrl!, REALTIME_STREAM: stream });
    b = await createTestApp({ REDIS_URL: redisUrl!, REALTIME_STREAM: stream }, { sameDatabaseAs: a });
    await b.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('delivers to a socket on instance B what was created through instance A', async () => {
    const author = await registerUser(a.app);
    const commenter = await registerUser(a.app);
    const url = `http://127.0.0.1:${(b.app.server.address() as AddressInfo).port}`;
    const socket = connect(url, {
      path: REALTIME_PATH,
      auth: { token: author.token },
      transports: ['websocket'],
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', resolve);
      socket.on('connect_error', reject);
    });
    const received = new Promise<Notification>((resolve) => socket.once('ReceiveNotification', resolve));
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
    const notification = await received;
    expect(notification).toMatchObject({ type: 'comment', postId: created.id });
    socket.close();
  });

  it('refuses on instance B, at once, an access token whose session was signed out through instance A', async () => {
    const user = await registerUser(a.app);
    const profile = () =>
      b.app.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(user.token) });
    // B has now seen the session as signed in and keeps that answer for a few seconds.
    expect((await profile()).statusCode).toBe(200);
    const logout = await a.app.inject({
      method: 'POST',
      url: '/api/account/logout',
      headers: bearer(user.token),
      payload: {},
    });
    expect(logout.statusCode).toBe(200);
    // The revocation travels through Redis: well before B's cached answer (10 s) would run out.
    const deadline = Date.now() + 2_000;
    let status = (await profile()).statusCode;
    while (status === 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      status = (await profile()).statusCode;
    }
    expect(status).toBe(401);
  });
});

import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REALTIME_PATH } from '@ray/shared/constants';
import type { Notification } from '@ray/shared/realtime';
import { notificationActors } from '../../db/schema';
import { follow, notificationsOf, vote } from '../../test/actions';
import {
  bearer,
  createTestApp,
  eventually,
  publishPost,
  registerUser,
  type TestApp,
  type TestUser,
} from '../../test/test-app';

let t: TestApp;
let author: TestUser;
let voter: TestUser;
let url: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  author = await registerUser(t.app);
  voter = await registerUser(t.app);
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t.close();
});

function socketFor(token: string): Promise<Socket> {
  const socket = connect(url, {
    path: REALTIME_PATH,
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
  });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.on('connect', () => {
      resolve(socket);
    });
    socket.on('connect_error', reject);
  });
}

const until = (condition: () => boolean) => eventually(async () => (condition() ? true : undefined));

/** Every notification and unread count pushed to the user's socket, in order of arrival. */
async function recordPushes(user: TestUser) {
  const socket = await socketFor(user.token);
  const received: Notification[] = [];
  const counts: number[] = [];
  socket.on('ReceiveNotification', (notification: Notification) => received.push(notification));
  socket.on('UnreadCountChanged', (count: number) => counts.push(count));
  return { received, counts };
}

describe('notifications', () => {
  it('tells the author about a like without naming the voter, and counts it unread', async () => {
    const created = await publishPost(t.app, author, { content: 'منشور ينتظر الإعجاب' });
    await t.app.inject({
      method: 'POST',
      url: '/api/votes',
      headers: bearer(voter.token),
      payload: { postId: created.id, value: 1 },
    });
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/notifications/user',
      headers: bearer(author.token),
    });
    expect(list.statusCode).toBe(200);
    const [first] = list.json<Notification[]>();
    expect(first).toMatchObject({ type: 'like', postId: created.id, isRead: false });
    expect(list.body).not.toContain(voter.userId);
    expect(list.body).not.toContain(voter.username);
    const count = await t.app.inject({
      method: 'GET',
      url: '/api/notifications/user/unread-count',
      headers: bearer(author.token),
    });
    expect(count.json<{ count: number }>().count).toBeGreaterThanOrEqual(1);
  });

  it('groups votes on one post into one unread notification', async () => {
    const created = await publishPost(t.app, author, { content: 'قيّموا هذا المطعم', votingType: 'rating' });
    const others = [voter, await registerUser(t.app), await registerUser(t.app)];
    for (const user of others) {
      await t.app.inject({
        method: 'POST',
        url: '/api/votes',
        headers: bearer(user.token),
        payload: { postId: created.id, value: 4 },
      });
    }
    const list = (
      await t.app.inject({ method: 'GET', url: '/api/notifications/user', headers: bearer(author.token) })
    ).json<Notification[]>();
    const forPost = list.filter((n) => n.postId === created.id);
    expect(forPost).toHaveLength(1);
    expect(forPost[0]!.count).toBe(3);
    expect(forPost[0]!.message).toContain('3');
  });

  it('tells the author once of a like given, taken back and given again three times, with one push', async () => {
    const writer = await registerUser(t.app);
    const fan = await registerUser(t.app);
    const pushes = await recordPushes(writer);
    const created = await publishPost(t.app, writer, { content: 'منشور يُعجَب به ثم لا يُعجَب' });
    for (let i = 0; i < 3; i++) {
      expect((await vote(t.app, fan, created.id, 1)).json()).toMatchObject({ userVote: 1 });
      expect((await vote(t.app, fan, created.id, 1)).json()).toMatchObject({ userVote: null });
    }
    // A comment afterwards: once its push has arrived, any push of the likes would have arrived before it.
    await t.app.inject({
      method: 'POST',
      url: '/api/comments',
      headers: bearer(fan.token),
      payload: { postId: created.id, content: 'تعليق بعد الإعجابات' },
    });
    await until(() => pushes.received.some((n) => n.type === 'comment') && pushes.counts.length >= 2);
    await new Promise((resolve) => setTimeout(resolve, 150));

    const likes = (await notificationsOf(t.app, writer)).filter((n) => n.type === 'like');
    expect(likes).toHaveLength(1);
    expect(likes[0]).toMatchObject({ count: 1, message: 'أعجب شخص بمنشورك', postId: created.id });
    expect(pushes.received.map((n) => n.type)).toEqual(['like', 'comment']);
    expect(pushes.counts).toEqual([1, 2]);
  });

  it('counts different people, in Arabic number agreement, and a changed rating or vote as no one new', async () => {
    const writer = await registerUser(t.app);
    const [first, second, third] = [
      await registerUser(t.app),
      await registerUser(t.app),
      await registerUser(t.app),
    ];
    const liked = await publishPost(t.app, writer, { content: 'منشور يعجب اثنين' });
    await vote(t.app, first, liked.id, 1);
    await vote(t.app, first, liked.id, -1);
    await vote(t.app, first, liked.id, 1);
    await vote(t.app, second, liked.id, 1);
    const rated = await publishPost(t.app, writer, { content: 'قيّموا المكان', votingType: 'rating' });
    for (const [user, value] of [
      [first, 4],
      [first, 5],
      [second, 2],
      [third, 3],
      [third, 1],
    ] as const)
      await vote(t.app, user, rated.id, value);

    const list = await notificationsOf(t.app, writer);
    expect(list.filter((n) => n.postId === liked.id)).toEqual([
      expect.objectContaining({ type: 'like', count: 2, message: 'أعجب شخصان بمنشورك' }),
    ]);
    expect(list.filter((n) => n.postId === rated.id)).toEqual([
      expect.objectContaining({ type: 'upvote', count: 3, message: 'قيّم 3 أشخاص منشورك' }),
    ]);
    for (const user of [first, second, third]) expect(JSON.stringify(list)).not.toContain(user.userId);
  });

  it('tells a user once of a follower who follows, unfollows and follows again, and groups new followers', async () => {
    const followed = await registerUser(t.app);
    const pushes = await recordPushes(followed);
    const hind = await registerUser(t.app, { firstName: 'هند', lastName: 'السالم' });
    const omar = await registerUser(t.app, { firstName: 'عمر', lastName: 'الحربي' });
    for (const action of ['follow', 'unfollow', 'follow', 'unfollow', 'follow'] as const)
      expect((await follow(t.app, hind, followed, action)).statusCode).toBe(200);
    let follows = (await notificationsOf(t.app, followed)).filter((n) => n.type === 'follow');
    expect(follows).toEqual([
      expect.objectContaining({
        count: 1,
        senderName: 'هند السالم',
        message: '\u2068هند السالم\u2069 بدأ بمتابعتك',
      }),
    ]);

    await follow(t.app, omar, followed);
    await until(() => pushes.counts.length >= 2);
    follows = (await notificationsOf(t.app, followed)).filter((n) => n.type === 'follow');
    expect(follows).toEqual([
      expect.objectContaining({
        count: 2,
        message: 'بدأ \u2068عمر الحربي\u2069 و\u2068هند السالم\u2069 بمتابعتك',
      }),
    ]);
    expect(pushes.received).toHaveLength(2);
    expect(pushes.counts).toEqual([1, 1]);
  });

  it('never records, groups or names an anonymous commenter among the people a notification counts', async () => {
    const writer = await registerUser(t.app);
    const earlier = await registerUser(t.app);
    const hidden = await registerUser(t.app);
    const created = await publishPost(t.app, writer, { content: 'نقاش فيه مجهولون' });
    await t.app.inject({
      method: 'POST',
      url: '/api/comments',
      headers: bearer(earlier.token),
      payload: { postId: created.id, content: 'تعليق باسمي' },
    });
    for (const content of ['رأي مجهول أول', 'رأي مجهول ثانٍ'])
      await t.app.inject({
        method: 'POST',
        url: '/api/comments',
        headers: bearer(hidden.token),
        payload: { postId: created.id, content, isAnonymous: true },
      });
    const counted = await t.database.db
      .select()
      .from(notificationActors)
      .where(eq(notificationActors.actorId, hidden.userId));
    expect(counted).toEqual([]);
    // Each anonymous reply stands alone: a card that grew would tell that the same hidden person wrote again.
    const replies = (await notificationsOf(t.app, earlier)).filter((n) => n.postId === created.id);
    expect(replies).toHaveLength(2);
    for (const reply of replies)
      expect(reply).toMatchObject({
        type: 'reply',
        count: 1,
        senderName: 'مجهول',
        message: 'مجهول ردّ في نقاش شاركت فيه',
      });
  });

  it('never notifies people about their own actions', async () => {
    const created = await publishPost(t.app, voter, { content: 'منشوري الخاص' });
    await t.app.inject({
      method: 'POST',
      url: '/api/votes',
      headers: bearer(voter.token),
      payload: { postId: created.id, value: 1 },
    });
    const list = (
      await t.app.inject({ method: 'GET', url: '/api/notifications/user', headers: bearer(voter.token) })
    ).json<Notification[]>();
    expect(list.some((n) => n.postId === created.id)).toBe(false);
  });

  it("marks one and all read; another user's notification answers 404", async () => {
    const list = (
      await t.app.inject({ method: 'GET', url: '/api/notifications/user', headers: bearer(author.token) })
    ).json<Notification[]>();
    const id = list[0]!.id;
    const foreign = await t.app.inject({
      method: 'PUT',
      url: `/api/notifications/${id}/read`,
      headers: bearer(voter.token),
    });
    expect(foreign.statusCode).toBe(404);
    const missing = await t.app.inject({
      method: 'PUT',
      url: '/api/notifications/999999/read',
      headers: bearer(voter.token),
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(foreign.json());
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/notifications/${id}/read`,
          headers: bearer(author.token),
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/notifications/user/read-all',
          headers: bearer(author.token),
        })
      ).statusCode,
    ).toBe(200);
    const count = await t.app.inject({
      method: 'GET',
      url: '/api/notifications/user/unread-count',
      headers: bearer(author.token),
    });
    expect(count.json<{ count: number }>().count).toBe(0);
  });

  it('tells the author and earlier commenters about a comment, naming an anonymous commenter only as مجهول', async () => {
    const created = await publishPost(t.app, author, { content: 'نقاش مفتوح للجميع' });
    const earlier = await registerUser(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/api/comments',
      headers: bearer(earlier.token),
      payload: { postId: created.id, content: 'أول تعليق' },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/comments',
      headers: bearer(voter.token),
      payload: { postId: created.id, content: 'رأيي السري', isAnonymous: true },
    });
    for (const user of [author, earlier]) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/notifications/user',
        headers: bearer(user.token),
      });
      const latest = response
        .json<Notification[]>()
        .find((n) => n.postId === created.id && n.content === 'رأيي السري');
      expect(latest, response.body).toMatchObject({
        senderName: 'مجهول',
        type: user === author ? 'comment' : 'reply',
      });
      expect(response.body).not.toContain(voter.userId);
      expect(response.body).not.toContain(voter.username);
    }
  });

  it('tells a user about a new follower', async () => {
    const follower = await registerUser(t.app, { firstName: 'هند', lastName: 'السالم' });
    await t.app.inject({
      method: 'POST',
      url: '/api/users/follow',
      headers: bearer(follower.token),
      payload: { followerId: follower.userId, followedId: author.userId },
    });
    const list = (
      await t.app.inject({ method: 'GET', url: '/api/notifications/user', headers: bearer(author.token) })
    ).json<Notification[]>();
    expect(list.find((n) => n.type === 'follow')?.senderName).toBe('هند السالم');
  });

  it('requires a token for every call', async () => {
    for (const [method, path] of [
      ['GET', '/api/notifications/user'],
      ['GET', '/api/notifications/user/unread-count'],
      ['PUT', '/api/notifications/user/read-all'],
      ['PUT', '/api/notifications/1/read'],
    ] as const) {
      expect((await t.app.inject({ method, url: path })).statusCode).toBe(401);
    }
  });

  it("pushes the notification and the new unread count to the author's socket", async () => {
    const socket = await socketFor(author.token);
    const received = new Promise<Notification>((resolve) => socket.once('ReceiveNotification', resolve));
    const counted = new Promise<number>((resolve) => socket.once('UnreadCountChanged', resolve));
    const created = await publishPost(t.app, author, {
      content: 'استطلاع سريع',
      votingType: 'poll',
      pollOptions: JSON.stringify(['نعم', 'لا']),
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/votes',
      headers: bearer(voter.token),
      payload: { postId: created.id, value: 0 },
    });
    expect((await received).postId).toBe(created.id);
    expect(await counted).toBeGreaterThanOrEqual(1);
  });

  it('refuses a socket without a valid token of at least 50 characters', async () => {
    await expect(socketFor('short')).rejects.toThrow();
    await expect(socketFor(`${author.token.slice(0, -4)}AAAA`)).rejects.toThrow();
  });

  it('closes the sockets of a session when it logs out', async () => {
    const user = await registerUser(t.app);
    const socket = await socketFor(user.token);
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    await t.app.inject({
      method: 'POST',
      url: '/api/account/logout',
      headers: bearer(user.token),
      payload: {},
    });
    expect(await closed).toBe('io server disconnect');
  });
});

describe('trending', () => {
  it("tells an author once when their post enters today's trending posts", async () => {
    const { notifyNewTrendingPosts } = await import('../trends/trending-notifier');
    const created = await publishPost(t.app, author, { content: 'منشور سيصبح رائجاً' });
    const fans = [voter, await registerUser(t.app), await registerUser(t.app)];
    for (const fan of fans) {
      await t.app.inject({
        method: 'POST',
        url: '/api/comments',
        headers: bearer(fan.token),
        payload: { postId: created.id, content: 'رائع' },
      });
    }
    await notifyNewTrendingPosts(t.app.ctx);
    await notifyNewTrendingPosts(t.app.ctx);
    const list = (
      await t.app.inject({
        method: 'GET',
        url: '/api/notifications/user?limit=50',
        headers: bearer(author.token),
      })
    ).json<Notification[]>();
    expect(list.filter((n) => n.type === 'trending' && n.postId === created.id)).toHaveLength(1);
  });
});

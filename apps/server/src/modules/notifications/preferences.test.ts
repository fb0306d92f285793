import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REALTIME_PATH } from '@ray/shared/constants';
import { msg } from '@ray/shared/messages.ar';
import { DEFAULT_PREFERENCES } from '@ray/shared/notification-preferences';
import type { Notification } from '@ray/shared/realtime';
import type { NotificationPreferences } from '@ray/shared/schemas/notification-preferences';
import { notificationActors, notificationPreferences } from '../../db/schema';
import { commentOn, follow, notificationsOf, vote } from '../../test/actions';
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
let url: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '1000000' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t.close();
});

const PREFERENCES = '/api/notifications/preferences';

function getPreferences(user: TestUser | null) {
  return t.app.inject({ method: 'GET', url: PREFERENCES, headers: user ? bearer(user.token) : {} });
}

function putPreferences(user: TestUser | null, payload: unknown) {
  return t.app.inject({
    method: 'PUT',
    url: PREFERENCES,
    headers: user ? bearer(user.token) : {},
    payload: payload as Record<string, unknown>,
  });
}

async function save(user: TestUser, payload: unknown): Promise<NotificationPreferences> {
  const response = await putPreferences(user, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<NotificationPreferences>();
}

const turnOff = (kind: 'like' | 'comment' | 'follow' | 'mention' | 'rating') => ({
  kinds: { [kind]: { ...DEFAULT_PREFERENCES[kind], inApp: false } },
});
const turnOn = (kind: 'like' | 'comment' | 'follow' | 'mention' | 'rating') => ({
  kinds: { [kind]: DEFAULT_PREFERENCES[kind] },
});

async function unreadOf(user: TestUser) {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/notifications/user/unread-count',
    headers: bearer(user.token),
  });
  return response.json<{ count: number }>().count;
}

/** Every notification and unread count pushed to the user's socket, in order of arrival. */
async function recordPushes(user: TestUser) {
  const socket = connect(url, {
    path: REALTIME_PATH,
    auth: { token: user.token },
    transports: ['websocket'],
    reconnection: false,
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.on('connect', resolve);
    socket.on('connect_error', reject);
  });
  const received: Notification[] = [];
  const counts: number[] = [];
  socket.on('ReceiveNotification', (notification: Notification) => received.push(notification));
  socket.on('UnreadCountChanged', (count: number) => counts.push(count));
  return { received, counts };
}

const until = (condition: () => boolean) => eventually(async () => (condition() ? true : undefined));

describe('GET and PUT /api/notifications/preferences', () => {
  it('refuses a visitor with 401 in Arabic', async () => {
    for (const response of [await getPreferences(null), await putPreferences(null, turnOff('like'))]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'UNAUTHORIZED', message: msg.unauthorized });
    }
  });

  it('answers the defaults to someone who never changed anything', async () => {
    const user = await registerUser(t.app);
    const response = await getPreferences(user);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      kinds: DEFAULT_PREFERENCES,
      quietHours: null,
      digest: 'off',
      timeZone: 'Asia/Riyadh',
    });
  });

  it('changes only what is sent, stores only what differs from the default, and keeps it', async () => {
    const user = await registerUser(t.app);
    const changed = await save(user, {
      kinds: {
        like: { inApp: false, push: false, digest: true },
        reply: { inApp: true, push: false, digest: false },
      },
    });
    expect(changed.kinds).toEqual({
      ...DEFAULT_PREFERENCES,
      like: { inApp: false, push: false, digest: true },
      reply: { inApp: true, push: false, digest: false },
    });
    expect(changed).toMatchObject({ quietHours: null, digest: 'off', timeZone: 'Asia/Riyadh' });

    const more = await save(user, {
      quietHours: { start: 22, end: 7 },
      digest: 'weekly',
      timeZone: 'Europe/London',
    });
    expect(more).toEqual({
      kinds: changed.kinds,
      quietHours: { start: 22, end: 7 },
      digest: 'weekly',
      timeZone: 'Europe/London',
    });
    expect((await getPreferences(user)).json()).toEqual(more);

    // Back to the default: its row goes, and quiet hours turn off without touching the digest or the zone.
    const reset = await save(user, {
      kinds: { like: DEFAULT_PREFERENCES.like },
      quietHours: null,
      timeZone: 'UTC',
    });
    expect(reset).toEqual({
      kinds: { ...DEFAULT_PREFERENCES, reply: { inApp: true, push: false, digest: false } },
      quietHours: null,
      digest: 'weekly',
      timeZone: 'UTC',
    });
    const rows = await t.database.db
      .select({ kind: notificationPreferences.kind })
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, user.userId));
    expect(rows).toEqual([{ kind: 'reply' }]);
  });

  it.each([
    ['an hour past 23', { quietHours: { start: 24, end: 7 } }, msg.quietHourInvalid],
    ['a fractional hour', { quietHours: { start: 21.5, end: 7 } }, msg.quietHourInvalid],
    ['a negative hour', { quietHours: { start: 22, end: -1 } }, msg.quietHourInvalid],
    ['an hour as text', { quietHours: { start: '22', end: 7 } }, msg.quietHourInvalid],
    ['the same start and end', { quietHours: { start: 8, end: 8 } }, msg.quietHoursSame],
    ['an unknown time zone', { timeZone: 'Mars/Olympus' }, msg.timeZoneInvalid],
    ['a time zone that is no string', { timeZone: 3 }, msg.timeZoneInvalid],
    ['an unknown digest frequency', { digest: 'hourly' }, msg.digestFrequencyInvalid],
    [
      'an unknown kind',
      { kinds: { warning: { inApp: false, push: false, digest: false } } },
      msg.notificationKindUnknown,
    ],
    [
      'a channel that is no boolean',
      { kinds: { like: { inApp: 'no', push: false, digest: true } } },
      msg.notificationChannelInvalid,
    ],
    ['a kind missing a channel', { kinds: { like: { inApp: false } } }, msg.notificationChannelInvalid],
  ])('refuses %s with 400 and its Arabic message, changing nothing', async (_name, payload, message) => {
    const user = await registerUser(t.app);
    const response = await putPreferences(user, {
      ...payload,
      digest: (payload as { digest?: unknown }).digest ?? 'daily',
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message });
    expect((await getPreferences(user)).json()).toMatchObject({ digest: 'off', quietHours: null });
  });

  it("lets no one read or change another user's preferences", async () => {
    const owner = await registerUser(t.app);
    const other = await registerUser(t.app);
    await save(owner, { digest: 'daily', ...turnOff('comment') });
    // The routes only ever speak of the caller: a user id in the query or the body is not theirs to choose.
    const read = await t.app.inject({
      method: 'GET',
      url: `${PREFERENCES}?userId=${owner.userId}`,
      headers: bearer(other.token),
    });
    expect(read.json()).toMatchObject({ digest: 'off', kinds: DEFAULT_PREFERENCES });
    await save(other, { userId: owner.userId, digest: 'weekly', ...turnOff('like') });
    const mine = (await getPreferences(owner)).json<NotificationPreferences>();
    expect(mine.digest).toBe('daily');
    expect(mine.kinds.like).toEqual(DEFAULT_PREFERENCES.like);
    expect(mine.kinds.comment.inApp).toBe(false);
  });

  it('puts the preferences in the account export', async () => {
    const user = await registerUser(t.app);
    await save(user, { quietHours: { start: 23, end: 6 }, ...turnOff('follow') });
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/account/export',
      headers: bearer(user.token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      notificationPreferences: {
        kinds: { follow: { inApp: false, push: true, digest: true }, like: DEFAULT_PREFERENCES.like },
        quietHours: { start: 23, end: 6 },
        digest: 'off',
        timeZone: 'Asia/Riyadh',
      },
    });
  });
});

describe('notifications turned off in the app', () => {
  it('writes no like, counts nothing unread and pushes nothing, until likes are turned back on', async () => {
    const author = await registerUser(t.app);
    const [first, second, third] = [
      await registerUser(t.app),
      await registerUser(t.app),
      await registerUser(t.app),
    ];
    await save(author, turnOff('like'));
    const pushes = await recordPushes(author);
    const muted = await publishPost(t.app, author, { content: 'منشور لا يُخبر صاحبه بالإعجاب' });

    expect((await vote(t.app, first, muted.id, 1)).statusCode).toBe(200);
    expect((await vote(t.app, second, muted.id, 1)).json()).toMatchObject({ userVote: 1 });
    expect(await notificationsOf(t.app, author)).toEqual([]);
    expect(await unreadOf(author)).toBe(0);

    // A comment (still on) afterwards: once its push has arrived, a push of the likes would have arrived before it.
    await commentOn(t.app, first, muted.id, 'تعليق بعد الإعجابين');
    await until(() => pushes.received.length >= 1 && pushes.counts.length >= 1);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(pushes.received.map((n) => n.type)).toEqual(['comment']);
    expect(pushes.counts).toEqual([1]);

    await save(author, turnOn('like'));
    await vote(t.app, third, muted.id, 1);
    const likes = (await notificationsOf(t.app, author)).filter((n) => n.type === 'like');
    expect(likes).toEqual([expect.objectContaining({ postId: muted.id, count: 1 })]);
    expect(await unreadOf(author)).toBe(2);
    await until(() => pushes.received.length === 2);
    expect(pushes.received.map((n) => n.type)).toEqual(['comment', 'like']);
  });

  it('still groups the votes of a kind left on, for the same author and for others', async () => {
    const author = await registerUser(t.app);
    const neighbour = await registerUser(t.app);
    const voters = [await registerUser(t.app), await registerUser(t.app), await registerUser(t.app)];
    await save(author, turnOff('like'));
    const liked = await publishPost(t.app, author, { content: 'منشور للإعجاب' });
    const rated = await publishPost(t.app, author, { content: 'قيّموا هذا', votingType: 'rating' });
    const theirs = await publishPost(t.app, neighbour, { content: 'منشور الجار' });
    for (const voter of voters) {
      await vote(t.app, voter, liked.id, 1);
      await vote(t.app, voter, rated.id, 4);
      await vote(t.app, voter, theirs.id, 1);
    }
    expect(await notificationsOf(t.app, author)).toEqual([
      expect.objectContaining({ type: 'upvote', postId: rated.id, count: 3 }),
    ]);
    expect(await notificationsOf(t.app, neighbour)).toEqual([
      expect.objectContaining({ type: 'like', postId: theirs.id, count: 3 }),
    ]);
  });

  it('writes no comment notification while comments are off, and replies still reach whoever keeps them on', async () => {
    const author = await registerUser(t.app);
    const sara = await registerUser(t.app);
    const omar = await registerUser(t.app);
    await save(author, turnOff('comment'));
    const post = await publishPost(t.app, author, { content: 'منشور للنقاش' });

    const top = await commentOn(t.app, sara, post.id, 'أول تعليق');
    await commentOn(t.app, omar, post.id, 'تعليق ثانٍ');
    await commentOn(t.app, omar, post.id, 'ردّ على سارة', { parentId: top.id });

    expect(await notificationsOf(t.app, author)).toEqual([]);
    expect(await unreadOf(author)).toBe(0);
    expect(await notificationsOf(t.app, sara)).toEqual([
      expect.objectContaining({ type: 'reply', postId: post.id, count: 2 }),
    ]);

    await save(author, turnOn('comment'));
    await commentOn(t.app, sara, post.id, 'تعليق بعد التشغيل');
    expect(await notificationsOf(t.app, author)).toEqual([
      expect.objectContaining({ type: 'comment', postId: post.id }),
    ]);
  });

  it('keeps a follower uncounted while follows are off, so a follow after turning them on is told', async () => {
    const followed = await registerUser(t.app);
    const fan = await registerUser(t.app);
    await save(followed, turnOff('follow'));
    expect((await follow(t.app, fan, followed)).statusCode).toBe(200);
    expect(await notificationsOf(t.app, followed)).toEqual([]);
    const counted = () =>
      t.database.db
        .select({ actorId: notificationActors.actorId })
        .from(notificationActors)
        .where(
          and(
            eq(notificationActors.recipientId, followed.userId),
            eq(notificationActors.actorId, fan.userId),
          ),
        );
    expect(await counted()).toEqual([]);

    await save(followed, turnOn('follow'));
    await follow(t.app, fan, followed, 'unfollow');
    await follow(t.app, fan, followed);
    expect(await notificationsOf(t.app, followed)).toEqual([
      expect.objectContaining({ type: 'follow', count: 1 }),
    ]);
    expect(await counted()).toHaveLength(1);
    // Told once: following again tells nothing more.
    await follow(t.app, fan, followed, 'unfollow');
    await follow(t.app, fan, followed);
    expect(await notificationsOf(t.app, followed)).toEqual([
      expect.objectContaining({ type: 'follow', count: 1 }),
    ]);
  });

  it('writes no mention while mentions are off, and other people named are still told', async () => {
    const quiet = await registerUser(t.app);
    const open = await registerUser(t.app);
    const writer = await registerUser(t.app);
    await save(quiet, turnOff('mention'));
    await publishPost(t.app, writer, { content: `سؤال إلى @${quiet.username} و @${open.username}` });
    expect(await notificationsOf(t.app, quiet)).toEqual([]);
    expect(await notificationsOf(t.app, open)).toEqual([expect.objectContaining({ type: 'mention' })]);
  });
});

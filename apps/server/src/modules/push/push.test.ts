import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { decrypt } from 'http_ece';
import { importJWK, jwtVerify } from 'jose';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorResponse } from '@ray/shared/errors';
import { msg } from '@ray/shared/messages.ar';
import { pushMsg } from '@ray/shared/push-messages.ar';
import type { PushPayload } from '@ray/shared/schemas/push';
import { notificationPreferences, pushSubscriptions, users } from '../../db/schema';
import { loadEnv } from '../../env';
import { commentOn, follow, notificationsOf, vote } from '../../test/actions';
import { startPushService, type PushedMessage, type PushService } from '../../test/push-service';
import { registerWithRole } from '../../test/roles';
import {
  bearer,
  createTestApp,
  publishPost,
  registerUser,
  type TestApp,
  type TestUser,
} from '../../test/test-app';
import { hourIn, inQuietHours, SUBSCRIPTIONS_PER_USER } from './push.service';

let service: PushService;
/** A server that is not an allowed push service: nothing may ever reach it. */
let stranger: PushService;
let t: TestApp;

beforeAll(async () => {
  service = await startPushService(async (path) => {
    if (path.startsWith('/gone/')) return 410;
    if (path.startsWith('/broken/')) return 500;
    if (path.startsWith('/slow/')) await new Promise((resolve) => setTimeout(resolve, 1_500));
    return 201;
  });
  stranger = await startPushService();
  t = await createTestApp({ WEB_PUSH_ALLOWED_ORIGINS: service.origin });
}, 60_000);

afterAll(async () => {
  await t.close();
  await service.close();
  await stranger.close();
});

/** A browser's side of a subscription: its own key pair and secret, which only it can decrypt with. */
interface Browser {
  ecdh: ECDH;
  auth: Buffer;
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
}

function newBrowser(kind = 'push', origin = service.origin): Browser {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    subscription: {
      endpoint: `${origin}/${kind}/${randomBytes(12).toString('hex')}`,
      keys: { p256dh: ecdh.getPublicKey('base64url'), auth: auth.toString('base64url') },
    },
  };
}

function postSubscription(user: TestUser | null, body: unknown, app = t.app) {
  return app.inject({
    method: 'POST',
    url: '/api/push/subscriptions',
    headers: user ? bearer(user.token) : {},
    payload: body as Record<string, unknown>,
  });
}

async function subscribe(user: TestUser, browser: Browser) {
  const response = await postSubscription(user, browser.subscription);
  expect(response.statusCode, response.body).toBe(201);
}

/** Waits until every push started so far has been sent (or given up). */
const settled = () => t.app.ctx.background.drain();

function open(message: PushedMessage, browser: Browser): PushPayload {
  const plain = decrypt(message.body, {
    version: 'aes128gcm',
    privateKey: browser.ecdh,
    authSecret: browser.auth,
  });
  return JSON.parse(plain.toString('utf8')) as PushPayload;
}

async function only(browser: Browser): Promise<PushedMessage> {
  await settled();
  const messages = service.receivedAt(browser.subscription.endpoint);
  expect(messages).toHaveLength(1);
  return messages[0]!;
}

async function nothingFor(browser: Browser) {
  await settled();
  expect(service.receivedAt(browser.subscription.endpoint)).toEqual([]);
}

async function subscriptionsOf(userId: string) {
  return t.database.db
    .select({ endpoint: pushSubscriptions.endpoint })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(pushSubscriptions.id);
}

const isArabic = (text: string) => /[\u0600-\u06ff]/.test(text);

describe('GET /api/push/public-key', () => {
  it('answers the VAPID public key to anyone, cacheable for a day', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/push/public-key' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    const key = Buffer.from(response.json<{ publicKey: string }>().publicKey, 'base64url');
    expect(key).toHaveLength(65);
    expect(key[0]).toBe(4);
  });

  it('is the same key on every instance over one database, and the configured one when set', async () => {
    const second = await createTestApp({}, { sameDatabaseAs: t });
    const configured = webpush.generateVAPIDKeys();
    const third = await createTestApp(
      { VAPID_PUBLIC_KEY: configured.publicKey, VAPID_PRIVATE_KEY: configured.privateKey },
      { sameDatabaseAs: t },
    );
    try {
      const keyOf = async (app: TestApp) =>
        (await app.app.inject({ method: 'GET', url: '/api/push/public-key' })).json<{ publicKey: string }>()
          .publicKey;
      expect(await keyOf(second)).toBe(await keyOf(t));
      expect(await keyOf(third)).toBe(configured.publicKey);
      expect(await keyOf(t)).not.toBe(configured.publicKey);
    } finally {
      await third.close();
      await second.close();
    }
  });
});

describe('sending notifications to devices', () => {
  it('pushes a comment, encrypted for the browser and signed for the push service', async () => {
    const author = await registerUser(t.app);
    const commenter = await registerUser(t.app, { firstName: 'ليلى', lastName: 'حداد' });
    const browser = newBrowser();
    await subscribe(author, browser);
    const post = await publishPost(t.app, author, { content: 'منشور ينتظر التعليقات من الأصدقاء' });
    await commentOn(t.app, commenter, post.id, 'Great idea يا صديقي');

    const message = await only(browser);
    expect(message.headers['content-encoding']).toBe('aes128gcm');
    expect(message.headers.ttl).toBe('86400');
    expect(message.headers.urgency).toBe('normal');
    expect(message.headers.topic).toBe(`comment-${post.id}`);

    const [, token, k] = /^vapid t=([^,]+), k=(.+)$/.exec(message.headers.authorization ?? '') ?? [];
    const publicKey = (await t.app.inject({ method: 'GET', url: '/api/push/public-key' })).json<{
      publicKey: string;
    }>().publicKey;
    expect(k).toBe(publicKey);
    const point = Buffer.from(publicKey, 'base64url');
    const key = await importJWK(
      {
        kty: 'EC',
        crv: 'P-256',
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33).toString('base64url'),
      },
      'ES256',
    );
    const { payload: claims } = await jwtVerify(token!, key, { audience: service.origin });
    expect(claims.sub).toBe(t.env.VAPID_SUBJECT);

    const [notification] = await notificationsOf(t.app, author);
    expect(open(message, browser)).toEqual({
      title: 'ليلى حداد',
      body: `\u2068ليلى حداد\u2069 علّق على منشورك\n\u2068Great idea يا صديقي\u2069`,
      url: `/posts/${post.id}`,
      tag: `comment:${post.id}`,
      notificationId: notification!.id,
      unreadCount: 1,
    });
  });

  it('pushes a new follower with the list’s text, pointing at the notifications', async () => {
    const followed = await registerUser(t.app);
    const follower = await registerUser(t.app, { firstName: 'عمر', lastName: 'الزهراني' });
    const browser = newBrowser();
    await subscribe(followed, browser);
    await follow(t.app, follower, followed);

    const payload = open(await only(browser), browser);
    expect(payload).toMatchObject({
      title: 'عمر الزهراني',
      body: '\u2068عمر الزهراني\u2069 بدأ بمتابعتك',
      url: '/notifications',
      tag: 'follow:account',
    });
  });

  it('sends to every device of the recipient', async () => {
    const author = await registerUser(t.app);
    const phone = newBrowser();
    const laptop = newBrowser();
    await subscribe(author, phone);
    await subscribe(author, laptop);
    await follow(t.app, await registerUser(t.app), author);
    expect(open(await only(phone), phone).tag).toBe('follow:account');
    expect(open(await only(laptop), laptop).tag).toBe('follow:account');
  });

  it('pushes an anonymous comment as «مجهول», carrying nothing of the writer', async () => {
    const author = await registerUser(t.app);
    const writer = await registerUser(t.app, { firstName: 'خالد', lastName: 'السديري' });
    const browser = newBrowser();
    await subscribe(author, browser);
    const post = await publishPost(t.app, author, { content: 'منشور يعلق عليه شخص مجهول الهوية' });
    await commentOn(t.app, writer, post.id, 'تعليق بلا اسم', { isAnonymous: true });

    const payload = open(await only(browser), browser);
    expect(payload.title).toBe('مجهول');
    expect(payload.body).toContain('مجهول علّق على منشورك');
    const text = JSON.stringify(payload);
    for (const part of ['خالد', 'السديري', writer.username, writer.userId]) expect(text).not.toContain(part);
  });

  it('pushes the moderation team’s notices, which cannot be turned off', async () => {
    const user = await registerUser(t.app);
    const moderator = await registerWithRole(t, 'moderator');
    const browser = newBrowser();
    await subscribe(user, browser);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/moderation/users/${user.userId}/warn`,
      headers: bearer(moderator.token),
      payload: { message: 'يرجى الالتزام بقواعد النقاش' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(open(await only(browser), browser)).toMatchObject({
      title: 'فريق الإشراف',
      url: '/notifications',
      tag: 'warning:account',
    });
  });

  it('never holds the request that notified while a push service is slow', async () => {
    const followed = await registerUser(t.app);
    const browser = newBrowser('slow');
    await subscribe(followed, browser);
    const started = performance.now();
    await follow(t.app, await registerUser(t.app), followed);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(open(await only(browser), browser).tag).toBe('follow:account');
  });
});

describe('what the push service answers', () => {
  it('forgets a subscription the push service says has ended (410)', async () => {
    const user = await registerUser(t.app);
    const browser = newBrowser('gone');
    await subscribe(user, browser);
    await follow(t.app, await registerUser(t.app), user);
    await only(browser);
    expect(await subscriptionsOf(user.userId)).toEqual([]);
  });

  it('keeps a subscription when the push service fails otherwise (500), and counts the failure', async () => {
    const before = (await t.app.ctx.metrics.pushMessages.get()).values.find(
      (value) => value.labels.outcome === 'failed',
    );
    const user = await registerUser(t.app);
    const browser = newBrowser('broken');
    await subscribe(user, browser);
    await follow(t.app, await registerUser(t.app), user);
    await only(browser);
    expect(await subscriptionsOf(user.userId)).toEqual([{ endpoint: browser.subscription.endpoint }]);
    const after = (await t.app.ctx.metrics.pushMessages.get()).values.find(
      (value) => value.labels.outcome === 'failed',
    );
    expect(after?.value).toBe((before?.value ?? 0) + 1);
  });

  it('never calls an endpoint outside the allowed push services, even one already stored', async () => {
    const user = await registerUser(t.app);
    const browser = newBrowser('push', stranger.origin);
    await t.database.db.insert(pushSubscriptions).values({
      userId: user.userId,
      endpoint: browser.subscription.endpoint,
      p256dh: browser.subscription.keys.p256dh,
      auth: browser.subscription.keys.auth,
    });
    await follow(t.app, await registerUser(t.app), user);
    await settled();
    expect(stranger.received).toEqual([]);
    expect(await notificationsOf(t.app, user)).toHaveLength(1);
  });
});

describe('the recipient’s choices', () => {
  it('pushes no vote by default, and one once the user turns likes on for pushes', async () => {
    const author = await registerUser(t.app);
    const browser = newBrowser();
    await subscribe(author, browser);
    const post = await publishPost(t.app, author, { content: 'منشور يصوت عليه الناس بالإعجاب' });
    await vote(t.app, await registerUser(t.app), post.id);
    await nothingFor(browser);
    expect((await notificationsOf(t.app, author))[0]?.type).toBe('like');

    await t.database.db
      .insert(notificationPreferences)
      .values({ userId: author.userId, kind: 'like', inApp: true, push: true, digest: true });
    await vote(t.app, await registerUser(t.app), post.id);
    const message = await only(browser);
    expect(message.headers.urgency).toBe('low');
    expect(open(message, browser)).toMatchObject({ title: 'رأي', tag: `like:${post.id}` });
  });

  it('pushes nothing of a kind turned off for pushes, which still shows in the app', async () => {
    const author = await registerUser(t.app);
    const browser = newBrowser();
    await subscribe(author, browser);
    await t.database.db
      .insert(notificationPreferences)
      .values({ userId: author.userId, kind: 'comment', inApp: true, push: false, digest: true });
    const post = await publishPost(t.app, author, { content: 'منشور لا يرسل صاحبه إشعارات التعليقات' });
    await commentOn(t.app, await registerUser(t.app), post.id, 'تعليق يظهر في التطبيق فقط');
    await nothingFor(browser);
    expect((await notificationsOf(t.app, author))[0]?.type).toBe('comment');
  });

  it('pushes nothing during quiet hours, read in the user’s time zone', async () => {
    const author = await registerUser(t.app);
    const browser = newBrowser();
    await subscribe(author, browser);
    const post = await publishPost(t.app, author, { content: 'منشور صاحبه نائم في ساعات الهدوء' });
    // Kiritimati is UTC+14 all year: its hour is 14 hours from UTC's, so the two windows never meet.
    const utcHour = new Date().getUTCHours();
    const window = (hour: number) => ({ quietHoursStart: (hour + 23) % 24, quietHoursEnd: (hour + 2) % 24 });
    await t.database.db
      .update(users)
      .set({ timeZone: 'Pacific/Kiritimati', ...window((utcHour + 14) % 24) })
      .where(eq(users.id, author.userId));
    await commentOn(t.app, await registerUser(t.app), post.id, 'تعليق في منتصف ليل صاحب المنشور');
    await nothingFor(browser);
    expect(await notificationsOf(t.app, author)).toHaveLength(1);

    // The same hours read in UTC are not quiet there.
    await t.database.db.update(users).set(window(utcHour)).where(eq(users.id, author.userId));
    await commentOn(t.app, await registerUser(t.app), post.id, 'تعليق في وضح النهار');
    expect(open(await only(browser), browser).tag).toBe(`comment:${post.id}`);
  });

  it('reads quiet hours as [start, end), across midnight too', () => {
    expect(inQuietHours(23, 22, 7)).toBe(true);
    expect(inQuietHours(0, 22, 7)).toBe(true);
    expect(inQuietHours(6, 22, 7)).toBe(true);
    expect(inQuietHours(7, 22, 7)).toBe(false);
    expect(inQuietHours(21, 22, 7)).toBe(false);
    expect(inQuietHours(13, 13, 15)).toBe(true);
    expect(inQuietHours(15, 13, 15)).toBe(false);
    expect(inQuietHours(12, 13, 15)).toBe(false);
    expect(inQuietHours(5, 5, 5)).toBe(false);
    expect(inQuietHours(5, null, null)).toBe(false);
  });

  it('reads the hour in the user’s zone, and an unknown zone as Riyadh’s', () => {
    const at = new Date('2026-01-15T20:30:00Z');
    expect(hourIn('Asia/Riyadh', at)).toBe(23);
    expect(hourIn('UTC', at)).toBe(20);
    expect(hourIn('America/New_York', at)).toBe(15);
    expect(hourIn('Pacific/Kiritimati', at)).toBe(10);
    expect(hourIn('Nowhere/Atlantis', at)).toBe(23);
  });
});

describe('POST /api/push/subscriptions', () => {
  it('asks a visitor to sign in', async () => {
    const response = await postSubscription(null, newBrowser().subscription);
    expect(response.statusCode).toBe(401);
    expect(response.json<ErrorResponse>().message).toBe(msg.unauthorized);
  });

  it('refuses an endpoint outside the allowed push services, in Arabic', async () => {
    const user = await registerUser(t.app);
    for (const endpoint of ['https://push.example.com/abc', `${stranger.origin}/push/abc`]) {
      const response = await postSubscription(user, { ...newBrowser().subscription, endpoint });
      expect(response.statusCode, endpoint).toBe(400);
      const body = response.json<ErrorResponse>();
      expect(body.message).toBe(pushMsg.endpointNotAllowed);
      expect(body.errors?.endpoint).toEqual([pushMsg.endpointNotAllowed]);
    }
    expect(await subscriptionsOf(user.userId)).toEqual([]);
  });

  it('refuses malformed endpoints and keys with 400 and an Arabic message', async () => {
    const user = await registerUser(t.app);
    const good = newBrowser().subscription;
    const offCurve = Buffer.from(good.keys.p256dh, 'base64url');
    offCurve[40] = offCurve[40]! ^ 1;
    const bad: Record<string, unknown>[] = [
      { ...good, endpoint: 'not a url' },
      { ...good, endpoint: 'ftp://127.0.0.1/push' },
      { ...good, endpoint: `${service.origin}/${'a'.repeat(1000)}` },
      { endpoint: good.endpoint },
      { ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(0, 40) } },
      { ...good, keys: { ...good.keys, p256dh: `A${good.keys.p256dh.slice(1)}` } },
      { ...good, keys: { ...good.keys, p256dh: offCurve.toString('base64url') } },
      { ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.replace(/.$/, '+') } },
      { ...good, keys: { ...good.keys, auth: randomBytes(15).toString('base64url') } },
      { ...good, keys: { ...good.keys, auth: 12 } },
      { ...good, expirationTime: 'tomorrow' },
    ];
    for (const body of bad) {
      const response = await postSubscription(user, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(isArabic(response.json<ErrorResponse>().message), response.body).toBe(true);
    }
    expect(await subscriptionsOf(user.userId)).toEqual([]);
  });

  it('accepts what browsers send, padding and extra fields included', async () => {
    const user = await registerUser(t.app);
    const browser = newBrowser();
    const response = await postSubscription(user, {
      ...browser.subscription,
      keys: { p256dh: `${browser.subscription.keys.p256dh}=`, auth: `${browser.subscription.keys.auth}==` },
      expirationTime: null,
      extra: 'ignored',
    });
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await t.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, browser.subscription.endpoint));
    expect(row).toMatchObject({ userId: user.userId, ...browser.subscription.keys });
  });

  it('moves an endpoint to the user who subscribed last on that browser', async () => {
    const first = await registerUser(t.app);
    const second = await registerUser(t.app);
    const browser = newBrowser();
    await subscribe(first, browser);
    await subscribe(second, browser);
    expect(await subscriptionsOf(first.userId)).toEqual([]);
    expect(await subscriptionsOf(second.userId)).toEqual([{ endpoint: browser.subscription.endpoint }]);
    await follow(t.app, await registerUser(t.app), first);
    await nothingFor(browser);
  });

  it(`keeps a user's ${SUBSCRIPTIONS_PER_USER} newest devices`, async () => {
    const user = await registerUser(t.app);
    const browsers = Array.from({ length: SUBSCRIPTIONS_PER_USER + 1 }, () => newBrowser());
    for (const browser of browsers) await subscribe(user, browser);
    const kept = (await subscriptionsOf(user.userId)).map((row) => row.endpoint);
    expect(kept).toHaveLength(SUBSCRIPTIONS_PER_USER);
    expect(kept).not.toContain(browsers[0]!.subscription.endpoint);
    expect(kept).toContain(browsers.at(-1)!.subscription.endpoint);
  });

  it('limits how often one user subscribes', async () => {
    const user = await registerUser(t.app);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 31; attempt++)
      statuses.push((await postSubscription(user, newBrowser().subscription)).statusCode);
    expect(statuses.slice(0, 30).every((status) => status === 201)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('lists the endpoints in the account export, and deleting the account removes them', async () => {
    const user = await registerUser(t.app);
    const browser = newBrowser();
    await subscribe(user, browser);
    const exported = await t.app.inject({
      method: 'GET',
      url: '/api/account/export',
      headers: bearer(user.token),
    });
    expect(exported.statusCode).toBe(200);
    const data = exported.json<{ pushSubscriptions: { endpoint: string; createdAt: string }[] }>();
    expect(data.pushSubscriptions).toEqual([
      { endpoint: browser.subscription.endpoint, createdAt: expect.any(String) as string },
    ]);
    expect(exported.body).not.toContain(browser.subscription.keys.auth);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: bearer(user.token),
      payload: { password: user.password },
    });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect(
      await t.database.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, browser.subscription.endpoint)),
    ).toEqual([]);
  });
});

describe('POST /api/push/subscriptions with the known push services', () => {
  it('accepts the browsers’ push services and nothing that only looks like them', async () => {
    const other = await createTestApp({}, { sameDatabaseAs: t });
    try {
      const user = await registerUser(other.app);
      const keys = newBrowser().subscription.keys;
      const status = async (endpoint: string) =>
        (await postSubscription(user, { endpoint, keys }, other.app)).statusCode;
      for (const endpoint of [
        'https://fcm.googleapis.com/fcm/send/abc:def',
        'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
        'https://web.push.apple.com/QGx1c2VyLXRva2Vu',
        'https://wns2-by3p.notify.windows.com/w/?token=BQYAAAD',
      ])
        expect(await status(endpoint), endpoint).toBe(201);
      for (const endpoint of [
        'http://fcm.googleapis.com/fcm/send/abc',
        'https://fcm.googleapis.com:8443/fcm/send/abc',
        'https://fcm.googleapis.com.evil.example/fcm/send/abc',
        'https://user:pass@fcm.googleapis.com/fcm/send/abc',
        'https://notify.windows.com/w/',
        'https://a.b.notify.windows.com/w/',
        'https://evilnotify.windows.com/w/',
        'https://x.notify.windows.com.evil.example/w/',
        'https://x.notify.windows.com:444/w/',
        `${service.origin}/push/abc`,
      ])
        expect(await status(endpoint), endpoint).toBe(400);
    } finally {
      // Nothing later may push to the real services.
      await other.database.db.delete(pushSubscriptions).where(like(pushSubscriptions.endpoint, 'https://%'));
      await other.close();
    }
  });
});

describe('DELETE /api/push/subscriptions', () => {
  const remove = (user: TestUser | null, endpoint: string) =>
    t.app.inject({
      method: 'DELETE',
      url: '/api/push/subscriptions',
      headers: user ? bearer(user.token) : {},
      payload: { endpoint },
    });

  it('removes the caller’s own endpoint and leaves someone else’s, answering 204 either way', async () => {
    const owner = await registerUser(t.app);
    const other = await registerUser(t.app);
    const browser = newBrowser();
    await subscribe(owner, browser);
    const { endpoint } = browser.subscription;

    expect((await remove(null, endpoint)).statusCode).toBe(401);
    expect((await remove(other, endpoint)).statusCode).toBe(204);
    expect(await subscriptionsOf(owner.userId)).toEqual([{ endpoint }]);
    expect((await remove(owner, endpoint)).statusCode).toBe(204);
    expect(await subscriptionsOf(owner.userId)).toEqual([]);
    expect((await remove(owner, endpoint)).statusCode).toBe(204);
    expect((await remove(owner, 'not a url')).statusCode).toBe(400);
  });
});

describe('POST /api/push/subscriptions/renewal', () => {
  const renew = (oldEndpoint: string, next: Browser, address = '192.0.2.80') =>
    t.app.inject({
      method: 'POST',
      url: '/api/push/subscriptions/renewal',
      payload: { oldEndpoint, ...next.subscription },
      remoteAddress: address,
    });

  it('moves a replaced subscription to its new endpoint for the same user, without a session', async () => {
    const owner = await registerUser(t.app);
    const commenter = await registerUser(t.app);
    const before = newBrowser();
    await subscribe(owner, before);
    const after = newBrowser();

    const response = await renew(before.subscription.endpoint, after);
    expect(response.statusCode, response.body).toBe(204);
    expect(await subscriptionsOf(owner.userId)).toEqual([{ endpoint: after.subscription.endpoint }]);

    const post = await publishPost(t.app, owner, { content: 'منشور يصل إشعاره إلى الجهاز بعد التجديد' });
    await commentOn(t.app, commenter, post.id, 'تعليق بعد تجديد الاشتراك');
    const payload = open(await only(after), after);
    expect(payload.url).toBe(`/posts/${post.id}`);
    await nothingFor(before);
  });

  it('changes nothing for an endpoint it does not know, and answers the same', async () => {
    const owner = await registerUser(t.app);
    const mine = newBrowser();
    await subscribe(owner, mine);
    const guessed = newBrowser();
    const response = await renew(guessed.subscription.endpoint, newBrowser(), '192.0.2.81');
    expect(response.statusCode).toBe(204);
    expect(await subscriptionsOf(owner.userId)).toEqual([{ endpoint: mine.subscription.endpoint }]);
  });

  it('refuses a new endpoint outside the allowed push services, and leaves the old one', async () => {
    const owner = await registerUser(t.app);
    const before = newBrowser();
    await subscribe(owner, before);
    const response = await renew(
      before.subscription.endpoint,
      newBrowser('push', stranger.origin),
      '192.0.2.82',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/[\u0600-\u06ff]/);
    expect(await subscriptionsOf(owner.userId)).toEqual([{ endpoint: before.subscription.endpoint }]);
  });
});

describe('configuration', () => {
  const base = { DATA_DIR: '/tmp/ray-env-test' };

  it('takes both VAPID keys or neither, and only a matching pair', () => {
    const pair = webpush.generateVAPIDKeys();
    const other = webpush.generateVAPIDKeys();
    expect(() => loadEnv({ ...base, VAPID_PUBLIC_KEY: pair.publicKey })).toThrow(/go together/);
    expect(() => loadEnv({ ...base, VAPID_PRIVATE_KEY: pair.privateKey })).toThrow(/go together/);
    expect(() =>
      loadEnv({ ...base, VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: other.privateKey }),
    ).toThrow(/not the public key/);
    expect(() => loadEnv({ ...base, VAPID_PUBLIC_KEY: 'abc', VAPID_PRIVATE_KEY: pair.privateKey })).toThrow(
      /VAPID_PUBLIC_KEY/,
    );
    const env = loadEnv({ ...base, VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey });
    expect(env.VAPID_PUBLIC_KEY).toBe(pair.publicKey);
  });

  it('takes a mailto: or https: subject, by default the https public address or the support address', () => {
    expect(() => loadEnv({ ...base, VAPID_SUBJECT: 'http://ray.example' })).toThrow(/VAPID_SUBJECT/);
    expect(() => loadEnv({ ...base, VAPID_SUBJECT: 'support' })).toThrow(/VAPID_SUBJECT/);
    expect(loadEnv({ ...base, VAPID_SUBJECT: 'mailto:push@ray.example' }).VAPID_SUBJECT).toBe(
      'mailto:push@ray.example',
    );
    expect(loadEnv({ ...base, PUBLIC_URL: 'https://ray.example' }).VAPID_SUBJECT).toBe('https://ray.example');
    expect(
      loadEnv({ ...base, PUBLIC_URL: 'http://localhost:3000', SUPPORT_EMAIL: 'help@ray.example' })
        .VAPID_SUBJECT,
    ).toBe('mailto:help@ray.example');
  });

  it('takes allowed push origins as bare origins only', () => {
    expect(
      loadEnv({ ...base, WEB_PUSH_ALLOWED_ORIGINS: 'https://push.example.com, http://127.0.0.1:9999' })
        .WEB_PUSH_ALLOWED_ORIGINS,
    ).toEqual(['https://push.example.com', 'http://127.0.0.1:9999']);
    for (const value of ['https://push.example.com/path', 'push.example.com', 'ftp://push.example.com'])
      expect(() => loadEnv({ ...base, WEB_PUSH_ALLOWED_ORIGINS: value }), value).toThrow(
        /WEB_PUSH_ALLOWED_ORIGINS/,
      );
  });
});

describe('the subscriptions table', () => {
  it('keeps one row per endpoint', async () => {
    const user = await registerUser(t.app);
    const browser = newBrowser();
    await subscribe(user, browser);
    await subscribe(user, browser);
    const rows = await t.database.db
      .select()
      .from(pushSubscriptions)
      .where(
        and(
          eq(pushSubscriptions.userId, user.userId),
          eq(pushSubscriptions.endpoint, browser.subscription.endpoint),
        ),
      );
    expect(rows).toHaveLength(1);
  });
});

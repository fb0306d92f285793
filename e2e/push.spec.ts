import { createDecipheriv, createECDH, hkdfSync, randomBytes, type ECDH } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import {
  expect,
  test,
  type APIRequestContext,
  type BrowserContext,
  type Page,
  type Worker,
} from '@playwright/test';
import { login, logout, PHONE, screenshot } from './support/helpers';

/** The stand-in push service; playwright.config.ts lets the server push to this origin only. */
const PUSH_PORT = 2700;
const PUSH_ORIGIN = `http://127.0.0.1:${PUSH_PORT}`;
const WIDE = { width: 1366, height: 900 };
const PASSWORD = 'Qahwa2030';
/** Where the page's stand-in push manager keeps the key of the subscription it made. */
const SUBSCRIBED_KEY = 'e2e-push-subscribed-with';

/** What the spec uses of the worker's global scope: the e2e project has the page's types, not the worker's. */
interface WorkerScope {
  registration: ServiceWorkerRegistration;
  dispatchEvent(event: Event): boolean;
}
declare const NotificationEvent: new (type: string, init: { notification: Notification }) => Event;

interface PushedMessage {
  path: string;
  body: Buffer;
}

/**
 * A push service (RFC 8030) on a fixed local port: Chromium here cannot reach a real one. It keeps every
 * message the server sends, still encrypted for the browser.
 */
function startPushService(): Promise<{ received: PushedMessage[]; server: Server }> {
  const received: PushedMessage[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '/', body: Buffer.concat(chunks) });
      response.statusCode = 201;
      response.end();
    });
  });
  return new Promise((resolve) => {
    server.listen(PUSH_PORT, '127.0.0.1', () => {
      resolve({ received, server });
    });
  });
}

/** What a browser keeps for one subscription: its P-256 key pair and the authentication secret (RFC 8291). */
interface DeviceKeys {
  ecdh: ECDH;
  auth: Buffer;
  endpoint: string;
}

function deviceKeys(): DeviceKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { ecdh, auth: randomBytes(16), endpoint: `${PUSH_ORIGIN}/push/${randomBytes(12).toString('hex')}` };
}

/** Decrypts a message as the browser would (RFC 8291 over RFC 8188 aes128gcm, one record). */
function decryptPush(body: Buffer, device: DeviceKeys): string {
  const salt = body.subarray(0, 16);
  const keyIdLength = body.readUInt8(20);
  const serverKey = body.subarray(21, 21 + keyIdLength);
  const record = body.subarray(21 + keyIdLength);
  const info = (text: string) => Buffer.from(`${text}\0`, 'latin1');
  const keyInfo = Buffer.concat([info('WebPush: info'), device.ecdh.getPublicKey(), serverKey]);
  const ikm = Buffer.from(hkdfSync('sha256', device.ecdh.computeSecret(serverKey), device.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, info('Content-Encoding: aes128gcm'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, info('Content-Encoding: nonce'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(-16));
  const plain = Buffer.concat([decipher.update(record.subarray(0, -16)), decipher.final()]);
  let end = plain.length - 1;
  while (end > 0 && plain[end] === 0) end -= 1;
  expect(plain[end], 'the last record ends with the 0x02 delimiter').toBe(2);
  return plain.subarray(0, end).toString('utf8');
}

async function api<T>(request: APIRequestContext, url: string, token: string | null, data: unknown) {
  const response = await request.post(url, {
    data,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()) as T;
}

async function registerAccount(request: APIRequestContext, name: string) {
  const id = randomBytes(4).toString('hex');
  const account = {
    firstName: name,
    lastName: 'الاختبار',
    username: `push${id}`,
    email: `push.${id}@example.com`,
  };
  const answer = await api<{ token: string; userId: string }>(request, '/api/account/register', null, {
    ...account,
    password: PASSWORD,
    confirmPassword: PASSWORD,
  });
  return { ...account, ...answer };
}

/**
 * Stands in for the browser's push manager on the page, which would ask Google's push service here: it returns
 * a subscription on the local push service with real keys, so the app's own code sends it to the real server.
 */
async function standInPushManager(context: BrowserContext, device: DeviceKeys) {
  await context.addInitScript(
    ({ endpoint, p256dh, auth, storeKey }) => {
      const toBase64Url = (bytes: Uint8Array) =>
        btoa(String.fromCharCode(...bytes))
          .replace(/\+/g, '-')
          .replace(/\//g, '_')
          .replace(/=+$/, '');
      const fromBase64Url = (text: string) =>
        Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (char) => char.charCodeAt(0));
      const subscription = (serverKey: string) => ({
        endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: fromBase64Url(serverKey).buffer },
        getKey: (name: string) => fromBase64Url(name === 'p256dh' ? p256dh : auth).buffer,
        toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }),
        unsubscribe: () => {
          localStorage.removeItem(storeKey);
          return Promise.resolve(true);
        },
      });
      PushManager.prototype.subscribe = function (options?: PushSubscriptionOptionsInit) {
        const key = options?.applicationServerKey;
        if (!options?.userVisibleOnly || !key || typeof key === 'string') {
          return Promise.reject(
            new DOMException('userVisibleOnly and a key are required', 'NotAllowedError'),
          );
        }
        const bytes = key instanceof ArrayBuffer ? new Uint8Array(key) : new Uint8Array(key.buffer);
        localStorage.setItem(storeKey, toBase64Url(bytes));
        return Promise.resolve(subscription(toBase64Url(bytes)) as unknown as PushSubscription);
      };
      PushManager.prototype.getSubscription = function () {
        const key = localStorage.getItem(storeKey);
        return Promise.resolve(key ? (subscription(key) as unknown as PushSubscription) : null);
      };
    },
    {
      endpoint: device.endpoint,
      p256dh: device.ecdh.getPublicKey().toString('base64url'),
      auth: device.auth.toString('base64url'),
      storeKey: SUBSCRIBED_KEY,
    },
  );
}

/** The app's service worker, once it controls the page. */
async function activeWorker(context: BrowserContext, page: Page): Promise<Worker> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const worker = context.serviceWorkers().find((candidate) => candidate.url().endsWith('/sw.js'));
  return worker ?? context.waitForEvent('serviceworker');
}

/** Delivers a push to the worker the way the push service would, through the DevTools protocol. */
async function deliverPush(page: Page, origin: string, data: string) {
  const cdp = await page.context().newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const registration = registrations.find((item) => item.scopeURL === `${origin}/` && !item.isDeleted);
      if (registration) resolve(registration.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: await registrationId, data });
  await cdp.detach();
}

function shownNotifications(worker: Worker, tag: string) {
  return worker.evaluate(async (wanted) => {
    const scope = self as unknown as WorkerScope;
    const shown = await scope.registration.getNotifications({ tag: wanted });
    return shown.map((item) => ({
      title: item.title,
      body: item.body,
      dir: item.dir,
      lang: item.lang,
      data: item.data as unknown,
    }));
  }, tag);
}

const pushSwitch = (page: Page) => page.getByRole('switch', { name: 'إشعارات هذا الجهاز' });
const deviceSection = (page: Page) => page.getByTestId('push-device');

test.describe('pushes on this device', () => {
  let pushService: Awaited<ReturnType<typeof startPushService>>;

  test.beforeAll(async () => {
    pushService = await startPushService();
  });

  test.afterAll(async () => {
    await new Promise((resolve) => pushService.server.close(resolve));
  });

  test('a device subscribes from Settings, shows what the server pushes, opens its post and stops on sign-out', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const origin = new URL(baseURL!).origin;
    const device = deviceKeys();
    const subscriber = await registerAccount(request, 'هالة');
    const commenter = await registerAccount(request, 'فارس');
    const post = await api<{ id: number }>(request, '/api/posts', subscriber.token, {
      content: `ما رأيكم في القهوة العربية صباحاً؟ ${randomBytes(3).toString('hex')}`,
    });
    const messagesFor = () =>
      pushService.received.filter((message) => PUSH_ORIGIN + message.path === device.endpoint);

    await context.grantPermissions(['notifications'], { origin });
    await standInPushManager(context, device);
    await page.setViewportSize(WIDE);
    await login(page, subscriber.email, PASSWORD);
    await page.goto('/settings?tab=notifications');
    const worker = await activeWorker(context, page);

    // Off until the person turns it on: no question asked, nothing sent.
    await expect(pushSwitch(page)).toHaveAttribute('aria-checked', 'false');
    await expect(deviceSection(page)).toContainText('متوقفة');
    await deviceSection(page).scrollIntoViewIfNeeded();
    await screenshot(page, 'push-device-off-desktop');
    await page.setViewportSize(PHONE);
    await deviceSection(page).scrollIntoViewIfNeeded();
    await screenshot(page, 'push-device-off-phone');
    await page.setViewportSize(WIDE);

    const saved = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/push/subscriptions') && response.request().method() === 'POST',
    );
    await pushSwitch(page).click();
    const answer = await saved;
    expect(answer.status(), await answer.text()).toBe(201);
    expect(answer.request().postDataJSON()).toEqual({
      endpoint: device.endpoint,
      keys: {
        p256dh: device.ecdh.getPublicKey().toString('base64url'),
        auth: device.auth.toString('base64url'),
      },
    });
    await expect(pushSwitch(page)).toHaveAttribute('aria-checked', 'true');
    await expect(deviceSection(page)).toContainText('مفعّلة');
    await expect(page.getByText('فُعّلت الإشعارات على هذا الجهاز')).toBeVisible();
    // The subscription was made for the server's own key.
    const { publicKey } = (await (await request.get('/api/push/public-key')).json()) as { publicKey: string };
    expect(await page.evaluate((key) => localStorage.getItem(key), SUBSCRIBED_KEY)).toBe(
      publicKey.replace(/=+$/, ''),
    );
    await screenshot(page, 'push-device-on-desktop');
    await page.setViewportSize(PHONE);
    await deviceSection(page).scrollIntoViewIfNeeded();
    await screenshot(page, 'push-device-on-phone');
    await page.setViewportSize(WIDE);

    // Someone comments on the subscriber's post: the server pushes it, encrypted for this device alone.
    await api(request, '/api/comments', commenter.token, {
      postId: post.id,
      content: 'صباح الخير، أفضّلها بالهيل',
    });
    await expect.poll(() => messagesFor().length, { timeout: 15_000 }).toBeGreaterThan(0);
    const payload = JSON.parse(decryptPush(messagesFor()[0]!.body, device)) as {
      title: string;
      body: string;
      url: string;
      tag: string;
      notificationId: number;
    };
    expect(payload.url).toBe(`/posts/${post.id}`);
    expect(payload.tag).toBe(`comment:${post.id}`);
    expect(payload.title.length).toBeGreaterThan(0);
    expect(payload.body.length).toBeGreaterThan(0);
    expect(Number.isInteger(payload.notificationId)).toBe(true);

    // The app is open and in front: it shows the notice itself, so the worker adds no system notification.
    const inFront = { ...payload, tag: `comment:in-front-${post.id}` };
    await page.bringToFront();
    await deliverPush(page, origin, JSON.stringify(inFront));
    await page.waitForTimeout(1_500);
    expect(await shownNotifications(worker, inFront.tag)).toEqual([]);

    // With no window of the app in view, the same push becomes a system notification.
    await page.goto('about:blank');
    await deliverPush(page, origin, JSON.stringify(payload));
    await expect
      .poll(() => shownNotifications(worker, payload.tag))
      .toEqual([
        {
          title: payload.title,
          body: payload.body,
          dir: 'rtl',
          lang: 'ar',
          data: { url: `/posts/${post.id}` },
        },
      ]);

    // A push that cannot be read still says something happened, in Arabic, and leads to the notifications.
    await deliverPush(page, origin, 'not json');
    await expect
      .poll(
        async () =>
          (await worker.evaluate(async () => {
            const scope = self as unknown as WorkerScope;
            return (await scope.registration.getNotifications()).map((item) => [
              item.title,
              item.body,
              item.data as unknown,
            ]);
          })) as unknown[],
      )
      .toContainEqual(['رأي', 'لديك إشعار جديد', { url: '/notifications' }]);

    // Clicking the notification brings the app's window (open again by then) to the post. The browser runs the worker's own handler.
    await page.goto('/notifications');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await worker.evaluate(async (tag) => {
      const scope = self as unknown as WorkerScope;
      const [notification] = await scope.registration.getNotifications({ tag });
      if (!notification) throw new Error('no notification to click');
      scope.dispatchEvent(new NotificationEvent('notificationclick', { notification }));
    }, payload.tag);
    await expect(page).toHaveURL(new RegExp(`/posts/${post.id}$`));
    await expect.poll(() => shownNotifications(worker, payload.tag)).toEqual([]);

    // Signing out ends the subscription on the server and in the browser: the next comment reaches no one here.
    const removed = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/push/subscriptions') && response.request().method() === 'DELETE',
    );
    await logout(page);
    expect((await removed).status()).toBe(204);
    expect(await page.evaluate((key) => localStorage.getItem(key), SUBSCRIBED_KEY)).toBeNull();
    const before = messagesFor().length;
    await api(request, '/api/comments', commenter.token, {
      postId: post.id,
      content: 'وأنا أفضّلها بالزعفران',
    });
    await page.waitForTimeout(3_000);
    expect(messagesFor().length).toBe(before);
  });

  test('a browser that blocks notifications explains how to allow them again', async ({
    page,
    context,
    browser,
    request,
    baseURL,
  }) => {
    const origin = new URL(baseURL!).origin;
    const person = await registerAccount(request, 'سلمى');
    await login(page, person.email, PASSWORD);
    // The browser's own setting, as a person who once answered «حظر» leaves it.
    const pageCdp = await context.newCDPSession(page);
    const { targetInfo } = await pageCdp.send('Target.getTargetInfo');
    const browserCdp = await browser.newBrowserCDPSession();
    await browserCdp.send('Browser.setPermission', {
      permission: { name: 'notifications' },
      setting: 'denied',
      origin,
      browserContextId: targetInfo.browserContextId,
    });
    await page.goto('/settings?tab=notifications');
    await expect(deviceSection(page)).toContainText('الإشعارات محظورة لهذا الموقع في متصفحك');
    await expect(deviceSection(page)).toContainText('ثم «السماح»');
    await expect(pushSwitch(page)).toBeDisabled();
    for (const [name, size] of [
      ['desktop', WIDE],
      ['phone', PHONE],
    ] as const) {
      await page.setViewportSize(size);
      await deviceSection(page).scrollIntoViewIfNeeded();
      await screenshot(page, `push-device-denied-${name}`);
    }
    await browserCdp.detach();
    await pageCdp.detach();
  });
});

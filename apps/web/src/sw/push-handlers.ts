import { base64UrlToBytes } from '@/lib/base64url';
import { appPath, parsePushPayload } from './push-payload';

/**
 * Pushes in the service worker: showing what the server sent, opening the right page on a click, and keeping
 * the device subscribed when the browser replaces its subscription. Worker types only: this file runs where
 * there is no document.
 */

const ICON = '/icons/icon-192.png';
const BADGE = '/icons/badge-96.png';
const RENEWAL_PATH = '/api/push/subscriptions/renewal';
const PUBLIC_KEY_PATH = '/api/push/public-key';

/** The extra fields a notification carries for its click; anything else in `data` is ignored. */
interface NoticeData {
  url: string;
}

function windowsOfTheApp(sw: ServiceWorkerGlobalScope): Promise<readonly WindowClient[]> {
  return sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
}

/**
 * A window of the app in front of the person already shows the notice in real time (the bell and the toast), so
 * a system notification on top of it would say the same thing twice.
 */
async function appIsInFront(sw: ServiceWorkerGlobalScope): Promise<boolean> {
  const windows = await windowsOfTheApp(sw);
  return windows.some(
    (client) =>
      client.focused &&
      client.visibilityState === 'visible' &&
      new URL(client.url).origin === sw.location.origin,
  );
}

async function showPush(sw: ServiceWorkerGlobalScope, raw: string | null): Promise<void> {
  const notice = parsePushPayload(raw, sw.location.origin);
  // The home-screen badge follows the unread count where the platform has one; it is decoration only.
  if (notice.unreadCount !== undefined && 'setAppBadge' in sw.navigator) {
    await sw.navigator.setAppBadge(notice.unreadCount).catch(() => undefined);
  }
  if (await appIsInFront(sw)) return;
  const data: NoticeData = { url: notice.url };
  const options: NotificationOptions & { renotify?: boolean } = {
    body: notice.body,
    icon: ICON,
    badge: BADGE,
    dir: 'rtl',
    lang: 'ar',
    data,
  };
  // A tag groups repeats of the same kind on the same post into one notification that still alerts again.
  if (notice.tag) Object.assign(options, { tag: notice.tag, renotify: true });
  await sw.registration.showNotification(notice.title, options);
}

function readPushText(event: PushEvent): string | null {
  try {
    return event.data?.text() ?? null;
  } catch {
    return null;
  }
}

async function openNotice(sw: ServiceWorkerGlobalScope, data: unknown): Promise<void> {
  const origin = sw.location.origin;
  const url =
    typeof data === 'object' && data !== null && 'url' in data ? appPath(data.url, origin) : '/notifications';
  const target = new URL(url, origin).href;
  // Only windows this worker controls can be sent elsewhere by it; the one the person used last is the one they
  // expect to see change, and a new window opens only when none is there.
  const windows = await sw.clients.matchAll({ type: 'window' });
  const existing = windows.find((client) => client.focused) ?? windows[0];
  if (existing) {
    // Both at once, while the click still allows the worker to bring a window forward.
    const [, moved] = await Promise.allSettled([
      existing.focus(),
      existing.url === target ? Promise.resolve(existing) : existing.navigate(target),
    ]);
    if (moved.status === 'fulfilled') return;
  }
  await sw.clients.openWindow(target);
}

function applicationServerKey(subscription: PushSubscription | null): ArrayBuffer | null {
  return subscription?.options.applicationServerKey ?? null;
}

async function fetchPublicKey(): Promise<Uint8Array<ArrayBuffer> | null> {
  const response = await fetch(PUBLIC_KEY_PATH, { credentials: 'same-origin' });
  if (!response.ok) return null;
  const body: unknown = await response.json();
  if (
    typeof body !== 'object' ||
    body === null ||
    !('publicKey' in body) ||
    typeof body.publicKey !== 'string'
  ) {
    return null;
  }
  return base64UrlToBytes(body.publicKey);
}

/**
 * The browser replaced (or dropped) this device's subscription: subscribe again with the same key and tell the
 * server which subscription the new one replaces. The worker holds no session; the old endpoint, which only this
 * browser and the server know, stands for it. Without an old subscription to name, the Settings page sends the
 * device's subscription again the next time it is opened.
 */
async function renewSubscription(
  sw: ServiceWorkerGlobalScope,
  event: PushSubscriptionChangeEvent,
): Promise<void> {
  const oldEndpoint = event.oldSubscription?.endpoint;
  if (!oldEndpoint) return;
  let subscription = event.newSubscription;
  if (!subscription) {
    const key = applicationServerKey(event.oldSubscription) ?? (await fetchPublicKey());
    if (!key) return;
    subscription = await sw.registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: key,
    });
  }
  const json = subscription.toJSON();
  await fetch(RENEWAL_PATH, {
    method: 'POST',
    credentials: 'omit',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ oldEndpoint, endpoint: json.endpoint, keys: json.keys }),
  });
}

export function listenForPushes(sw: ServiceWorkerGlobalScope): void {
  sw.addEventListener('push', (event) => {
    event.waitUntil(showPush(sw, readPushText(event)));
  });

  sw.addEventListener('notificationclick', (event) => {
    event.notification.close();
    event.waitUntil(openNotice(sw, event.notification.data));
  });

  sw.addEventListener('pushsubscriptionchange', (event) => {
    event.waitUntil(renewSubscription(sw, event).catch(() => undefined));
  });
}

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { base64UrlToBytes } from '@/lib/base64url';
import {
  PUSH_SUBSCRIPTIONS_PATH,
  appWorkerRegistration,
  currentPushSubscription,
  pushSupported,
  removePushSubscription,
} from '@/lib/push-device';

/**
 * Pushes on this device: what the browser allows, whether it holds a subscription, and turning it on and off with
 * the server. The state lives in the browser, not in the account, so every device answers for itself.
 */

/** `unsupported`: the browser has no push at all; `no-worker`: the app's service worker is not there (development). */
export type PushDeviceState = 'unsupported' | 'no-worker' | 'denied' | 'off' | 'on';

export const pushDeviceKeys = {
  all: ['push-device'] as const,
};

interface PublicKeyAnswer {
  publicKey: string;
}

/** `GET /api/push/public-key`: the server's VAPID key, which every subscription is made for. */
export async function getPushPublicKey(): Promise<string> {
  const answer = await api.get<PublicKeyAnswer>('/api/push/public-key');
  if (typeof answer.publicKey !== 'string' || answer.publicKey.length === 0) {
    throw new Error('The server sent no push key.');
  }
  return answer.publicKey;
}

/** `POST /api/push/subscriptions`: the server may push to this endpoint for the signed-in user. */
export function savePushSubscription(subscription: PushSubscription): Promise<unknown> {
  const { endpoint, keys } = subscription.toJSON();
  return api.post(PUSH_SUBSCRIPTIONS_PATH, {
    endpoint,
    keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' },
  });
}

/** The app's worker once it is active, or null when none becomes active within `ms`. */
function activeWorkerWithin(ms: number): Promise<ServiceWorkerRegistration | null> {
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<null>((resolve) => {
      setTimeout(() => {
        resolve(null);
      }, ms);
    }),
  ]);
}

function sameKey(subscription: PushSubscription, key: Uint8Array): boolean {
  const current = subscription.options.applicationServerKey;
  if (!current) return false;
  const bytes = new Uint8Array(current);
  return bytes.length === key.length && bytes.every((byte, index) => byte === key[index]);
}

/**
 * Reads the device's state. A device that is on sends its subscription again: the browser may have replaced it
 * while nobody was signed in (the worker cannot tell the server then), and the server keeps one row per endpoint.
 */
export async function readPushDeviceState(): Promise<PushDeviceState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  // The page registers the worker once it has loaded, which may be a moment after this first look.
  const registration = (await appWorkerRegistration()) ?? (await activeWorkerWithin(3_000));
  if (!registration) return 'no-worker';
  const subscription = await registration.pushManager.getSubscription();
  if (!subscription || Notification.permission !== 'granted') return 'off';
  await savePushSubscription(subscription).catch(() => undefined);
  return 'on';
}

export const pushDeviceQueryOptions = () =>
  queryOptions({
    queryKey: pushDeviceKeys.all,
    queryFn: readPushDeviceState,
    // The browser's own settings change without the app knowing; coming back to the page reads them again.
    staleTime: 0,
  });

export function usePushDevice() {
  return useQuery(pushDeviceQueryOptions());
}

/**
 * Turns pushes on. `permission` is the browser's answer to `Notification.requestPermission()`, which the
 * component asks in the click itself: browsers only show the question for a gesture of the person.
 */
export async function turnPushesOn(permission: Promise<NotificationPermission>): Promise<PushDeviceState> {
  const answer = await permission;
  if (answer === 'denied') return 'denied';
  if (answer !== 'granted') return 'off';
  if (!(await appWorkerRegistration())) return 'no-worker';
  // A worker that never becomes active (it failed to install) must not leave the switch waiting for ever.
  const registration = await activeWorkerWithin(15_000);
  if (!registration) throw new Error('The service worker did not become active.');
  const key = base64UrlToBytes(await getPushPublicKey());
  const existing = await registration.pushManager.getSubscription();
  // A subscription made for an older server key would be refused by the push service: start again.
  if (existing && !sameKey(existing, key)) await existing.unsubscribe();
  const subscription =
    existing && sameKey(existing, key)
      ? existing
      : await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  try {
    await savePushSubscription(subscription);
  } catch (error) {
    // The server refused it: nothing would be pushed, so the browser should not keep it either.
    await subscription.unsubscribe().catch(() => false);
    throw error;
  }
  return 'on';
}

/**
 * Turns pushes off: the server forgets the endpoint, and the browser ends the subscription. The browser's part is
 * the one that counts: once it is done the push service refuses the endpoint, so a server that could not be
 * reached just forgets it at its next push.
 */
export async function turnPushesOff(): Promise<PushDeviceState> {
  const subscription = await currentPushSubscription();
  if (subscription) {
    await removePushSubscription(subscription.endpoint).catch(() => undefined);
    if (!(await subscription.unsubscribe())) throw new Error('The browser kept the push subscription.');
  }
  return 'off';
}

function useSetPushDeviceState() {
  const queryClient = useQueryClient();
  return (state: PushDeviceState) => {
    queryClient.setQueryData(pushDeviceKeys.all, state);
  };
}

export function useTurnPushesOn() {
  const setState = useSetPushDeviceState();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: turnPushesOn,
    onSuccess: setState,
    onError: () => queryClient.invalidateQueries({ queryKey: pushDeviceKeys.all }),
  });
}

export function useTurnPushesOff() {
  const setState = useSetPushDeviceState();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: turnPushesOff,
    onSuccess: setState,
    onError: () => queryClient.invalidateQueries({ queryKey: pushDeviceKeys.all }),
  });
}

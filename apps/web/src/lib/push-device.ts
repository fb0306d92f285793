import { apiRequest } from './api-client';

/**
 * This browser's push subscription, as far as the session needs it: the sign-out ends it so the next person on
 * the device receives nothing of the account that left. Loaded only when used, it stays off the first screen.
 */

export const PUSH_SUBSCRIPTIONS_PATH = '/api/push/subscriptions';

/** Whether this browser can receive pushes at all (Safari on iPhone only from an app added to the home screen). */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The app's service worker registration; none in development, where the worker is not built. */
export async function appWorkerRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (!pushSupported()) return null;
  return (await navigator.serviceWorker.getRegistration()) ?? null;
}

export async function currentPushSubscription(): Promise<PushSubscription | null> {
  const registration = await appWorkerRegistration();
  return registration ? registration.pushManager.getSubscription() : null;
}

/** `DELETE /api/push/subscriptions`: the server stops pushing to this endpoint. */
export function removePushSubscription(endpoint: string, options: { bearer?: string } = {}): Promise<void> {
  return apiRequest<undefined>(PUSH_SUBSCRIPTIONS_PATH, { ...options, method: 'DELETE', body: { endpoint } });
}

/**
 * Ends this device's subscription: on the server with the token of the session that is leaving (when it is still
 * valid), then in the browser itself. The second step holds even when the first fails: the push service then
 * refuses whatever the server still sends to the old endpoint, and the server forgets it.
 */
export async function forgetPushDevice(bearer: string | null): Promise<void> {
  let subscription: PushSubscription | null;
  try {
    subscription = await currentPushSubscription();
  } catch {
    return;
  }
  if (!subscription) return;
  if (bearer) {
    try {
      await removePushSubscription(subscription.endpoint, { bearer });
    } catch {
      // The browser's own unsubscribe below is what stops the pushes.
    }
  }
  await subscription.unsubscribe().catch(() => false);
}

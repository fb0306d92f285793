import { z } from 'zod';
import { pushMsg } from '../push-messages.ar';

/** Longest push endpoint accepted; the services' own are a few hundred characters. */
export const PUSH_ENDPOINT_MAX = 1000;

/**
 * The key a browser encrypts with (RFC 8291): base64url of an uncompressed P-256 point, 65 bytes starting with
 * 0x04, so 87 characters starting with «B» whose last one carries no stray bits. Padding is dropped.
 */
const p256dhField = z
  .string({ error: pushMsg.p256dhInvalid })
  .regex(/^B[\w-]{85}[AEIMQUYcgkosw048]=?$/, pushMsg.p256dhInvalid)
  .transform((value) => value.replace(/=+$/, ''));

/** The authentication secret (RFC 8291): base64url of 16 bytes. */
const authField = z
  .string({ error: pushMsg.authInvalid })
  .regex(/^[\w-]{21}[AQgw](==)?$/, pushMsg.authInvalid)
  .transform((value) => value.replace(/=+$/, ''));

function isPushUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
}

export const pushEndpointField = z
  .string({ error: pushMsg.endpointInvalid })
  .max(PUSH_ENDPOINT_MAX, pushMsg.endpointInvalid)
  .refine(isPushUrl, pushMsg.endpointInvalid);

/**
 * `POST /api/push/subscriptions`: what `PushSubscription.toJSON()` gives. Which push services are accepted is
 * the server's configuration, checked there; other fields are ignored.
 */
export const pushSubscriptionSchema = z.object({
  endpoint: pushEndpointField,
  keys: z.object({ p256dh: p256dhField, auth: authField }, { error: pushMsg.keysRequired }),
  expirationTime: z.number().nullable().optional(),
});
export type PushSubscriptionPayload = z.input<typeof pushSubscriptionSchema>;

/**
 * `POST /api/push/subscriptions/renewal`: the service worker's own report that the browser replaced a
 * subscription (`pushsubscriptionchange`). The worker holds no session; the old endpoint, a secret address only
 * that browser and this server know, is what proves the device.
 */
export const pushRenewalSchema = pushSubscriptionSchema.extend({ oldEndpoint: pushEndpointField });
export type PushRenewalPayload = z.input<typeof pushRenewalSchema>;

/** `DELETE /api/push/subscriptions`. */
export const pushUnsubscribeSchema = z.object({ endpoint: pushEndpointField });
export type PushUnsubscribePayload = z.input<typeof pushUnsubscribeSchema>;

/** `GET /api/push/public-key`: the server's VAPID key, for `applicationServerKey`. */
export const pushPublicKeySchema = z.object({ publicKey: z.string() });
export type PushPublicKey = z.infer<typeof pushPublicKeySchema>;

/**
 * What a push message carries, decrypted by the service worker: the notification as the list shows it. `tag`
 * (`<kind>:<postId|account>`) lets a newer message about the same thing replace the older one on the device.
 */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** A path inside the app: `/posts/<id>` for a notification about a post, `/notifications` otherwise. */
  url: z.string().startsWith('/'),
  tag: z.string(),
  notificationId: z.number().int(),
  unreadCount: z.number().int().min(0).optional(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

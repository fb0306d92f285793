import { pushStrings } from '@/i18n/push.ar';

/**
 * What the service worker shows for one push. The server sends `{ title, body, url, tag, notificationId,
 * unreadCount? }`; anything it cannot read becomes the generic notice, because a push the person never sees
 * leaves them wondering why their phone buzzed.
 */
export interface PushNotice {
  title: string;
  body: string;
  url: string;
  tag: string | undefined;
  notificationId: number | undefined;
  unreadCount: number | undefined;
}

const FALLBACK_URL = '/notifications';
const MAX_TITLE = 120;
const MAX_BODY = 400;

function text(value: unknown, max: number): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed ? trimmed.slice(0, max) : undefined;
}

function wholeNumber(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined;
}

/**
 * Keeps only a path of the app itself: a click on a notification must never take the person to another site,
 * whatever the push said. Protocol-relative (`//evil.example`) and backslash tricks resolve to another origin
 * and are refused the same way.
 */
export function appPath(value: unknown, origin: string): string {
  if (typeof value !== 'string' || !value.startsWith('/')) return FALLBACK_URL;
  let resolved: URL;
  try {
    resolved = new URL(value, origin);
  } catch {
    return FALLBACK_URL;
  }
  if (resolved.origin !== origin) return FALLBACK_URL;
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}

/** Reads a push's text defensively: it never throws, whatever arrives. */
export function parsePushPayload(raw: string | null | undefined, origin: string): PushNotice {
  let data: unknown = null;
  if (raw) {
    try {
      data = JSON.parse(raw);
    } catch {
      data = null;
    }
  }
  const fields: Record<string, unknown> =
    typeof data === 'object' && data !== null && !Array.isArray(data)
      ? (data as Record<string, unknown>)
      : {};
  const title = text(fields.title, MAX_TITLE);
  const body = text(fields.body, MAX_BODY);
  return {
    title: title ?? pushStrings.fallback.title,
    body: title || body ? (body ?? '') : pushStrings.fallback.body,
    url: appPath(fields.url, origin),
    tag: text(fields.tag, 200),
    notificationId: wholeNumber(fields.notificationId),
    unreadCount: wholeNumber(fields.unreadCount),
  };
}

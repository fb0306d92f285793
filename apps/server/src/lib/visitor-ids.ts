import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/** Name of the cookie that carries a visitor's id, signed by the server. */
export const VISITOR_COOKIE = 'ray_vid';
const ID_BYTES = 16;
const ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
const MAC_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export interface VisitorCookieOptions {
  /** Only the requests under this path carry the cookie back. */
  path: string;
  maxAgeSeconds: number;
  /** Set when the site is served over https. */
  secure: boolean;
}

/**
 * Ids that the server gives anonymous visitors, in a cookie signed with HMAC-SHA256: a browser can keep its id
 * or drop it, never choose one. The key is derived (HKDF) from the app's shared secret for this use alone, so
 * it signs nothing else and every instance agrees on it.
 */
export class VisitorIds {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = Buffer.from(hkdfSync('sha256', secret, 'ray', 'visitor-id cookie v1', 32));
  }

  /** A new random id and the cookie value that carries it. */
  issue(): { id: string; value: string } {
    const id = randomBytes(ID_BYTES).toString('base64url');
    return { id, value: `${id}.${this.mac(id)}` };
  }

  /** The id of a cookie value this server signed; null for anything else (absent, malformed, forged). */
  verify(value: string | undefined): string | null {
    if (!value) return null;
    const [id, mac, ...rest] = value.split('.');
    if (rest.length > 0 || !id || !mac || !ID_PATTERN.test(id) || !MAC_PATTERN.test(mac)) return null;
    const expected = Buffer.from(this.mac(id));
    const given = Buffer.from(mac);
    return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
  }

  private mac(id: string): string {
    return createHmac('sha256', this.key).update(id).digest('base64url');
  }
}

/** One cookie's value out of a `Cookie` request header, or undefined. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() === name) return part.slice(separator + 1).trim();
  }
  return undefined;
}

/** The `Set-Cookie` value for a visitor id: HttpOnly, SameSite=Lax, Secure over https. */
export function visitorCookie(value: string, options: VisitorCookieOptions): string {
  return [
    `${VISITOR_COOKIE}=${value}`,
    `Path=${options.path}`,
    `Max-Age=${options.maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
}

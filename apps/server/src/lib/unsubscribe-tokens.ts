import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/** The mailing lists a link can take someone off. Security mail is on no list: it cannot be switched off. */
export const MAIL_LISTS = ['digest'] as const;
export type MailList = (typeof MAIL_LISTS)[number];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const MAC = /^[A-Za-z0-9_-]{43}$/;

/**
 * The token of a one-click unsubscribe link: `<user id>.<list>.<HMAC-SHA256 of both>`, so that whoever holds the
 * e-mail can leave the list without signing in, and nobody can make a link for another person or another list.
 * The key is derived (HKDF) from the app's shared secret for this use alone. A link does not expire: leaving a
 * list twice changes nothing, and an old e-mail must keep working.
 */
export class UnsubscribeTokens {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = Buffer.from(hkdfSync('sha256', secret, 'ray', 'unsubscribe link v1', 32));
  }

  issue(userId: string, list: MailList): string {
    return `${userId}.${list}.${this.mac(userId, list)}`;
  }

  /** Who and which list a token this server issued stands for; null for anything else. */
  open(token: string): { userId: string; list: MailList } | null {
    const [userId, list, mac, ...rest] = token.split('.');
    if (rest.length > 0 || !userId || !list || !mac) return null;
    if (!UUID.test(userId) || !MAC.test(mac) || !(MAIL_LISTS as readonly string[]).includes(list))
      return null;
    const expected = Buffer.from(this.mac(userId, list as MailList));
    const given = Buffer.from(mac);
    return given.length === expected.length && timingSafeEqual(given, expected)
      ? { userId, list: list as MailList }
      : null;
  }

  private mac(userId: string, list: MailList): string {
    return createHmac('sha256', this.key).update(`${list}\n${userId}`).digest('base64url');
  }
}

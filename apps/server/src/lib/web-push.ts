import webpush from 'web-push';
import { PoolFullError, WorkPool } from './work-pool';

/** The server's VAPID key pair (RFC 8292), base64url as browsers and web-push take it. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The push services of the browsers people use: Chrome and Edge on Android and desktop (FCM), Firefox (Mozilla),
 * Safari (Apple) and Edge's older Windows channel (WNS, one host per data centre under notify.windows.com).
 */
export const KNOWN_PUSH_SERVICES = [
  'https://fcm.googleapis.com',
  'https://updates.push.services.mozilla.com',
  'https://web.push.apple.com',
  'https://*.notify.windows.com',
] as const;

/** One DNS label: what the `*` of a known service stands for, and nothing that could carry a dot or a port. */
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * The push services this server may send to. A subscription names its endpoint, so without this list anyone
 * could make the server post to any address (an internal one included). `https://*.host` stands for exactly one
 * label in front of `host` on the default https port; anything else is compared as a whole origin.
 */
export class PushOrigins {
  private readonly exact = new Set<string>();
  private readonly wildcards: string[] = [];

  constructor(patterns: readonly string[]) {
    for (const pattern of patterns) {
      if (pattern.startsWith('https://*.')) this.wildcards.push(pattern.slice('https://*'.length));
      else this.exact.add(new URL(pattern).origin);
    }
  }

  allows(endpoint: string): boolean {
    if (!URL.canParse(endpoint)) return false;
    const url = new URL(endpoint);
    if (url.username || url.password) return false;
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
    if (this.exact.has(url.origin)) return true;
    if (url.protocol !== 'https:' || url.port !== '') return false;
    return this.wildcards.some((suffix) => {
      if (!url.hostname.endsWith(suffix)) return false;
      return LABEL.test(url.hostname.slice(0, -suffix.length));
    });
  }
}

export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushOptions {
  /** How long the push service keeps a message for a device that is offline. */
  ttlSeconds: number;
  urgency: webpush.Urgency;
  /** Messages with the same topic replace each other while waiting at the push service (≤ 32 base64url chars). */
  topic?: string;
}

/**
 * What became of one message: `sent` (the push service took it), `gone` (404/410: the subscription ended and
 * must be forgotten), `failed` (anything else, kept for next time), `refused` (not an allowed push service, so
 * never called), `dropped` (too many messages waiting on this instance).
 */
export type PushOutcome = 'sent' | 'gone' | 'failed' | 'refused' | 'dropped';

export interface PushResult {
  outcome: PushOutcome;
  /** The push service's HTTP status, when it answered. */
  status?: number;
  /** Why a message failed, without the endpoint (whose path is the subscription's secret). */
  reason?: string;
}

export interface WebPushOptions {
  keys: VapidKeys;
  /** A mailto: or https: contact for the push services (the JWT's `sub`). */
  subject: string;
  origins: PushOrigins;
  /** Longest wait for a push service's answer. */
  timeoutMs?: number;
  /** Messages in flight at once on this instance, and how many may wait for a slot. */
  concurrency?: number;
  maxQueued?: number;
}

/**
 * Sends Web Push messages (RFC 8030), encrypted for the browser (RFC 8291, aes128gcm) and signed with the
 * server's VAPID key (RFC 8292). The request is made here rather than by web-push itself, so that it goes only
 * to an allowed origin, follows no redirect, and gives up after `timeoutMs`; a few go out at a time.
 */
export class WebPush {
  private readonly pool: WorkPool;
  private readonly timeoutMs: number;

  constructor(private readonly options: WebPushOptions) {
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.pool = new WorkPool({
      concurrency: options.concurrency ?? 16,
      maxQueued: options.maxQueued ?? 10_000,
    });
  }

  get publicKey(): string {
    return this.options.keys.publicKey;
  }

  allows(endpoint: string): boolean {
    return this.options.origins.allows(endpoint);
  }

  async send(target: PushTarget, payload: string, options: PushOptions): Promise<PushResult> {
    // Checked again at sending: a stored subscription may predate a narrower list.
    if (!this.allows(target.endpoint)) return { outcome: 'refused' };
    try {
      return await this.pool.run(() => this.post(target, payload, options));
    } catch (error) {
      if (error instanceof PoolFullError) return { outcome: 'dropped' };
      throw error;
    }
  }

  private async post(target: PushTarget, payload: string, options: PushOptions): Promise<PushResult> {
    let request: webpush.RequestDetails;
    try {
      request = webpush.generateRequestDetails(target, payload, {
        vapidDetails: { subject: this.options.subject, ...this.options.keys },
        TTL: options.ttlSeconds,
        urgency: options.urgency,
        ...(options.topic ? { topic: options.topic } : {}),
      });
    } catch (error) {
      return { outcome: 'failed', reason: `not encrypted: ${(error as Error).message}` };
    }
    const headers: Record<string, string> = {};
    // web-push gives TTL and Content-Length as numbers, whatever its types say; fetch sets the length itself.
    for (const [name, value] of Object.entries(request.headers as Record<string, string | number>))
      if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
    try {
      const response = await fetch(request.endpoint, {
        method: 'POST',
        headers,
        body: request.body ?? undefined,
        redirect: 'manual',
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      await response.body?.cancel();
      if (response.ok) return { outcome: 'sent', status: response.status };
      if (response.status === 404 || response.status === 410)
        return { outcome: 'gone', status: response.status };
      return { outcome: 'failed', status: response.status, reason: `answered ${response.status}` };
    } catch (error) {
      const cause = (error as Error).name === 'TimeoutError' ? 'timed out' : (error as Error).message;
      return { outcome: 'failed', reason: cause };
    }
  }
}

/** A new key pair, for a server that has none configured. */
export function generateVapidKeys(): VapidKeys {
  return webpush.generateVAPIDKeys();
}

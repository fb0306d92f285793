import {
  ANALYTICS_BATCH_MAX,
  ANALYTICS_PROPERTIES_MAX,
  ANALYTICS_STRING_MAX,
  PAGE_TIME_MIN_MS,
} from '@ray/shared/constants';
import type { AnalyticsEventName } from '@ray/shared/schemas/analytics';
import { apiUrl } from './api-client';
import { readAccessToken } from './credentials';
import { isAccessTokenValid } from './token';

/**
 * First-party analytics (the tracker; `lib/analytics` is what the app calls): `track()` queues an event and returns at once; the queue goes to the server in batches
 * of at most 20 a short moment later, and with `navigator.sendBeacon` when the page is hidden or left, so
 * nothing waits on it and nothing it does can throw into the app. Page time is measured per route while the
 * page is visible and sent only above 5 seconds. No third-party script, and no text the user typed.
 */

export type TrackProperties = Record<string, string | number | boolean | null | undefined>;
type CleanProperties = Record<string, string | number | boolean>;

interface QueuedEvent {
  name: AnalyticsEventName;
  path: string;
  properties?: CleanProperties;
}

export interface AnalyticsTransport {
  /** Ordinary delivery, with the access token when there is one; resolves to the HTTP status. */
  send(body: string, token: string | null): Promise<number>;
  /** Delivery that outlives the page; false when the browser would not take it. */
  beacon(body: string): boolean;
}

export interface TrackerOptions {
  transport: AnalyticsTransport;
  /** Path of the page an event happens on (no query: it may hold what the user typed). */
  currentPath: () => string;
  accessToken?: () => string | null;
  /** Whether the page is on screen now (a tab opened in the background is not). */
  isVisible?: () => boolean;
  /** How long events gather before they leave together. */
  flushDelayMs?: number;
  now?: () => number;
  /** Oldest events are dropped beyond this, so a dead network cannot grow the queue without end. */
  maxQueue?: number;
}

export const FLUSH_DELAY_MS = 2_000;
const MAX_QUEUE = 100;
const PROPERTY_KEY = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Cut to the server's limit without splitting an emoji in two (half a pair would refuse the whole batch). */
const shortText = (value: string) =>
  value
    .slice(0, ANALYTICS_STRING_MAX)
    .replace(LONE_SURROGATE, (_, offset: number) => (offset === ANALYTICS_STRING_MAX - 1 ? '' : '\uFFFD'));

/** Keeps what the server accepts (at most 10 flat, short values), so one odd value never loses the batch. */
export function cleanProperties(properties: TrackProperties | undefined): CleanProperties | undefined {
  if (!properties) return undefined;
  const clean: CleanProperties = {};
  let count = 0;
  for (const [key, value] of Object.entries(properties)) {
    if (count >= ANALYTICS_PROPERTIES_MAX) break;
    if (!PROPERTY_KEY.test(key) || value === null || value === undefined) continue;
    if (typeof value === 'number' && !Number.isFinite(value)) continue;
    clean[key] = typeof value === 'string' ? shortText(value) : value;
    count += 1;
  }
  return count > 0 ? clean : undefined;
}

const pathOnly = (path: string) => path.split(/[?#]/)[0] || '/';

export interface Tracker {
  track(name: AnalyticsEventName, properties?: TrackProperties): void;
  /** Sends what is queued now, through the ordinary transport. */
  flush(): Promise<void>;
  /** The page is going away or out of sight: close its visible time, then beacon everything queued. */
  hidden(): void;
  /** The page is visible again: its time runs again. */
  visible(): void;
  /** A new route is shown: the previous one's time is closed (and queued if over 5 seconds). */
  pageView(path: string): void;
  pending(): number;
}

export function createTracker(options: TrackerOptions): Tracker {
  const { transport } = options;
  const now = options.now ?? (() => Date.now());
  const delay = options.flushDelayMs ?? FLUSH_DELAY_MS;
  const maxQueue = options.maxQueue ?? MAX_QUEUE;
  const isVisible = options.isVisible ?? (() => true);
  let queue: QueuedEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  /** The route on screen: visible time gathered so far, and since when it has been visible (null: hidden). */
  let page: { path: string; visibleMs: number; since: number | null } | null = null;

  const enqueue = (event: QueuedEvent) => {
    queue.push(event);
    if (queue.length > maxQueue) queue = queue.slice(queue.length - maxQueue);
  };

  const takeBatches = (): string[] => {
    const batches: string[] = [];
    while (queue.length > 0) batches.push(JSON.stringify({ events: queue.splice(0, ANALYTICS_BATCH_MAX) }));
    return batches;
  };

  const cancelTimer = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };

  const validToken = (): string | null => {
    const token = options.accessToken?.() ?? null;
    // An expired token would be refused with 401; the events still count, just without the user.
    return token && isAccessTokenValid(token, now()) ? token : null;
  };

  const deliver = async (body: string, token: string | null) => {
    try {
      const status = await transport.send(body, token);
      if (status === 401 && token) await transport.send(body, null);
    } catch {
      // Analytics never retries into a failing network or bothers the user about it.
    }
  };

  const flush = async () => {
    cancelTimer();
    const token = validToken();
    await Promise.all(takeBatches().map((body) => deliver(body, token)));
  };

  const schedule = () => {
    if (queue.length >= ANALYTICS_BATCH_MAX) {
      void flush();
      return;
    }
    timer ??= setTimeout(() => {
      timer = null;
      void flush();
    }, delay);
  };

  /** Closes the visible stretch of the current page and queues its time when it is over the threshold. */
  const closePageTime = () => {
    if (!page) return;
    const at = now();
    const visibleMs = page.visibleMs + (page.since === null ? 0 : at - page.since);
    if (visibleMs > PAGE_TIME_MIN_MS) {
      enqueue({ name: 'page_time', path: page.path, properties: { durationMs: Math.round(visibleMs) } });
      page.visibleMs = 0;
    } else {
      page.visibleMs = visibleMs;
    }
    page.since = null;
  };

  const guard =
    <A extends unknown[]>(fn: (...args: A) => void) =>
    (...args: A) => {
      try {
        fn(...args);
      } catch {
        // Never let measurement break what it measures.
      }
    };

  return {
    track: guard((name: AnalyticsEventName, properties?: TrackProperties) => {
      const clean = cleanProperties(properties);
      enqueue({ name, path: pathOnly(options.currentPath()), ...(clean ? { properties: clean } : {}) });
      schedule();
    }),
    flush: () => flush().catch(() => undefined),
    hidden: guard(() => {
      closePageTime();
      cancelTimer();
      for (const body of takeBatches()) {
        let queued = false;
        try {
          queued = transport.beacon(body);
        } catch {
          queued = false;
        }
        // No beacon (old browser, or its quota is full): a keepalive fetch is the next best thing.
        if (!queued) void deliver(body, null);
      }
    }),
    visible: guard(() => {
      if (page && page.since === null) page.since = now();
    }),
    pageView: guard((path: string) => {
      const next = pathOnly(path);
      if (page?.path === next) return;
      closePageTime();
      page = { path: next, visibleMs: 0, since: isVisible() ? now() : null };
      if (queue.length > 0) schedule();
    }),
    pending: () => queue.length,
  };
}

const EVENTS_PATH = '/api/analytics/events';

const browserTransport: AnalyticsTransport = {
  async send(body, token) {
    const response = await fetch(apiUrl(EVENTS_PATH), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body,
      // Lets a batch sent just before a navigation or a close still arrive.
      keepalive: true,
      credentials: 'omit',
    });
    return response.status;
  },
  beacon(body) {
    if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return false;
    // A string goes as text/plain, which a cross-origin API host takes without a preflight.
    return navigator.sendBeacon(apiUrl(EVENTS_PATH), body);
  },
};

/** The tracker of this page, sending to the API; only `lib/analytics` loads it, after the first screen. */
export function createBrowserTracker(): Tracker {
  return createTracker({
    transport: browserTransport,
    currentPath: () => window.location.pathname,
    accessToken: readAccessToken,
    isVisible: () => document.visibilityState !== 'hidden',
  });
}

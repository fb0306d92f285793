import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanProperties, createTracker, FLUSH_DELAY_MS, type AnalyticsTransport } from './analytics-tracker';

interface Sent {
  via: 'send' | 'beacon';
  token: string | null;
  events: { name: string; path: string; properties?: Record<string, unknown> }[];
}

function fakeTransport(options: { status?: number[]; beacon?: boolean; sendThrows?: boolean } = {}) {
  const sent: Sent[] = [];
  const statuses = [...(options.status ?? [])];
  const send = vi.fn((body: string, token: string | null) => {
    if (options.sendThrows) throw new Error('offline');
    sent.push({ via: 'send', token, ...(JSON.parse(body) as Pick<Sent, 'events'>) });
    return Promise.resolve(statuses.shift() ?? 204);
  });
  const beacon = vi.fn((body: string) => {
    if (options.beacon === false) return false;
    sent.push({ via: 'beacon', token: null, ...(JSON.parse(body) as Pick<Sent, 'events'>) });
    return true;
  });
  const transport: AnalyticsTransport = { send, beacon };
  return { transport, sent, send };
}

/** A token shaped like the server's: three parts, the middle one carrying `exp`. */
function jwt(expiresInSeconds: number): string {
  const payload = btoa(JSON.stringify({ sub: 'u1', exp: Math.floor(Date.now() / 1000) + expiresInSeconds }))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  return `eyJhbGciOiJIUzI1NiJ9.${payload}.c2lnbmF0dXJl`;
}

let path = '/';

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2025-06-15T12:00:00Z') });
  path = '/';
});
afterEach(() => {
  vi.useRealTimers();
});

describe('queue and flush', () => {
  it('gathers events and sends them together after a short delay, with their page', async () => {
    const { transport, sent, send } = fakeTransport();
    const tracker = createTracker({ transport, currentPath: () => path });
    path = '/search?q=سر#top';
    tracker.track('search', { source: 'header' });
    path = '/posts/7';
    tracker.track('vote', { votingType: 'poll' });
    tracker.track('bookmark');
    expect(send).not.toHaveBeenCalled();
    expect(tracker.pending()).toBe(3);

    await vi.advanceTimersByTimeAsync(FLUSH_DELAY_MS - 1);
    expect(send).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual([
      {
        via: 'send',
        token: null,
        events: [
          { name: 'search', path: '/search', properties: { source: 'header' } },
          { name: 'vote', path: '/posts/7', properties: { votingType: 'poll' } },
          { name: 'bookmark', path: '/posts/7' },
        ],
      },
    ]);
    expect(tracker.pending()).toBe(0);
  });

  it('never sends more than 20 events in one batch, and sends a full batch at once', async () => {
    const { transport, sent } = fakeTransport();
    const tracker = createTracker({ transport, currentPath: () => path });
    for (let i = 0; i < 45; i++) tracker.track('search', { index: i });
    expect(sent.map((batch) => batch.events.length)).toEqual([20, 20]);
    await vi.advanceTimersByTimeAsync(FLUSH_DELAY_MS);
    expect(sent.map((batch) => batch.events.length)).toEqual([20, 20, 5]);
    expect(sent.flatMap((batch) => batch.events.map((event) => event.properties?.index))).toEqual(
      Array.from({ length: 45 }, (_, i) => i),
    );
  });

  it('keeps only the newest events when nothing could be sent for a long time', () => {
    const { transport } = fakeTransport();
    const tracker = createTracker({ transport, currentPath: () => path, maxQueue: 5, flushDelayMs: 60_000 });
    for (let i = 0; i < 8; i++) tracker.track('error');
    expect(tracker.pending()).toBe(5);
  });

  it('sends a valid token, leaves an expired one out, and resends without it after a 401', async () => {
    let token: string | null = jwt(600);
    const { transport, sent } = fakeTransport({ status: [204, 401, 204] });
    const tracker = createTracker({ transport, currentPath: () => path, accessToken: () => token });
    tracker.track('login');
    await tracker.flush();
    expect(sent.at(-1)?.token).toBe(token);

    // A revoked session: the server says 401, the batch goes again as a visitor's.
    tracker.track('comment');
    await tracker.flush();
    expect(sent.slice(-2).map((batch) => batch.token)).toEqual([token, null]);

    token = jwt(-10);
    tracker.track('vote');
    await tracker.flush();
    expect(sent.at(-1)?.token).toBeNull();
  });

  it('returns at once and never throws, whatever the network or the page does', async () => {
    const { transport } = fakeTransport({ sendThrows: true });
    const tracker = createTracker({
      transport,
      currentPath: () => {
        throw new Error('no location');
      },
    });
    expect(() => {
      tracker.track('error');
    }).not.toThrow();
    const working = createTracker({ transport, currentPath: () => path });
    working.track('search');
    await expect(working.flush()).resolves.toBeUndefined();
    await vi.advanceTimersByTimeAsync(FLUSH_DELAY_MS);
    expect(() => {
      working.hidden();
    }).not.toThrow();
  });
});

describe('leaving the page', () => {
  it('beacons everything queued when the page is hidden, without waiting for the delay', () => {
    const { transport, sent } = fakeTransport();
    const tracker = createTracker({ transport, currentPath: () => path });
    for (let i = 0; i < 25; i++) tracker.track('search');
    tracker.hidden();
    expect(sent.map((batch) => [batch.via, batch.events.length])).toEqual([
      ['send', 20],
      ['beacon', 5],
    ]);
    expect(tracker.pending()).toBe(0);
  });

  it('falls back to an ordinary request when the browser refuses the beacon', () => {
    const { transport, sent } = fakeTransport({ beacon: false });
    const tracker = createTracker({ transport, currentPath: () => path, accessToken: () => jwt(600) });
    tracker.track('post_create');
    tracker.hidden();
    expect(sent).toEqual([{ via: 'send', token: null, events: [{ name: 'post_create', path: '/' }] }]);
  });
});

describe('page time', () => {
  const pageTimes = (sent: Sent[]) =>
    sent.flatMap((batch) =>
      batch.events
        .filter((event) => event.name === 'page_time')
        .map((event) => [event.path, event.properties?.durationMs]),
    );

  it('is sent only for a route shown over 5 seconds', async () => {
    const { transport, sent } = fakeTransport();
    const tracker = createTracker({ transport, currentPath: () => path });
    tracker.pageView('/');
    await vi.advanceTimersByTimeAsync(5_000);
    tracker.pageView('/trends');
    await vi.advanceTimersByTimeAsync(5_001);
    tracker.pageView('/posts/3');
    await vi.advanceTimersByTimeAsync(FLUSH_DELAY_MS);
    expect(pageTimes(sent)).toEqual([['/trends', 5_001]]);
  });

  it('counts a route once however its query changes', async () => {
    const { transport, sent } = fakeTransport();
    const tracker = createTracker({ transport, currentPath: () => path });
    tracker.pageView('/search?q=a');
    await vi.advanceTimersByTimeAsync(4_000);
    tracker.pageView('/search?q=b');
    await vi.advanceTimersByTimeAsync(4_000);
    tracker.pageView('/trends');
    await vi.advanceTimersByTimeAsync(FLUSH_DELAY_MS);
    expect(pageTimes(sent)).toEqual([['/search', 8_000]]);
  });

  it('stops while the page is hidden and adds up the visible stretches', async () => {
    const { transport, sent } = fakeTransport();
    const tracker = createTracker({ transport, currentPath: () => path });
    tracker.pageView('/posts/1');
    await vi.advanceTimersByTimeAsync(3_000);
    tracker.hidden();
    expect(pageTimes(sent)).toEqual([]);
    await vi.advanceTimersByTimeAsync(600_000);
    tracker.visible();
    await vi.advanceTimersByTimeAsync(2_500);
    tracker.pageView('/');
    await vi.advanceTimersByTimeAsync(FLUSH_DELAY_MS);
    expect(pageTimes(sent)).toEqual([['/posts/1', 5_500]]);
  });

  it('beacons the time of the route on screen when the page is hidden over 5 seconds in', async () => {
    const { transport, sent } = fakeTransport();
    const tracker = createTracker({ transport, currentPath: () => path });
    tracker.pageView('/bookmarks');
    await vi.advanceTimersByTimeAsync(12_000);
    tracker.hidden();
    expect(sent).toEqual([
      {
        via: 'beacon',
        token: null,
        events: [{ name: 'page_time', path: '/bookmarks', properties: { durationMs: 12_000 } }],
      },
    ]);
    // The same stretch is not counted again when the page leaves for good.
    tracker.hidden();
    expect(sent).toHaveLength(1);
  });

  it('does not count a route opened in a background tab until it is seen', async () => {
    const { transport, sent } = fakeTransport();
    let visible = false;
    const tracker = createTracker({ transport, currentPath: () => path, isVisible: () => visible });
    tracker.pageView('/');
    await vi.advanceTimersByTimeAsync(30_000);
    visible = true;
    tracker.visible();
    await vi.advanceTimersByTimeAsync(6_000);
    tracker.pageView('/faq');
    await vi.advanceTimersByTimeAsync(FLUSH_DELAY_MS);
    expect(pageTimes(sent)).toEqual([['/', 6_000]]);
  });
});

describe('cleanProperties', () => {
  it('keeps at most 10 short flat values with valid keys', () => {
    expect(
      cleanProperties({
        ok: 'yes',
        long: 'x'.repeat(250),
        missing: undefined,
        empty: null,
        'bad key': 1,
        infinite: Number.POSITIVE_INFINITY,
        flag: false,
        count: 3,
      }),
    ).toEqual({ ok: 'yes', long: 'x'.repeat(200), flag: false, count: 3 });
    const many = Object.fromEntries(Array.from({ length: 14 }, (_, i) => [`k${i}`, i]));
    expect(Object.keys(cleanProperties(many) ?? {})).toHaveLength(10);
    // Never half an emoji at the cut, and no stray half anywhere else.
    expect(cleanProperties({ text: `${'x'.repeat(199)}👍` })).toEqual({ text: 'x'.repeat(199) });
    expect(cleanProperties({ text: 'a\ud800b' })).toEqual({ text: 'a\uFFFDb' });
    expect(cleanProperties({ nothing: undefined })).toBeUndefined();
    expect(cleanProperties(undefined)).toBeUndefined();
  });
});

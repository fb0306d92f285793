import { describe, expect, it } from 'vitest';
import { contentSince, periodStart, usableZone } from './digest-period';

const utc = (text: string) => new Date(text);

describe('when a digest is due', () => {
  it('is due from 08:00 local time to the end of that day, and not before', () => {
    expect(periodStart('daily', 'Asia/Riyadh', utc('2026-11-16T04:59:59Z'))).toBeNull();
    expect(periodStart('daily', 'Asia/Riyadh', utc('2026-11-16T05:00:00Z'))).toEqual(
      utc('2026-11-16T05:00:00Z'),
    );
    expect(periodStart('daily', 'Asia/Riyadh', utc('2026-11-16T20:59:00Z'))).toEqual(
      utc('2026-11-16T05:00:00Z'),
    );
    // Midnight in Riyadh starts a new day, whose digest waits for its own morning.
    expect(periodStart('daily', 'Asia/Riyadh', utc('2026-11-16T21:00:00Z'))).toBeNull();
  });

  it('follows the zone, half-hour offsets and daylight saving included', () => {
    expect(periodStart('daily', 'Asia/Kolkata', utc('2026-11-16T02:30:00Z'))).toEqual(
      utc('2026-11-16T02:30:00Z'),
    );
    expect(periodStart('daily', 'Asia/Kolkata', utc('2026-11-16T02:29:00Z'))).toBeNull();
    // New York is UTC−5 in November and UTC−4 after the clocks went forward on 8 March 2026.
    expect(periodStart('daily', 'America/New_York', utc('2026-11-16T13:00:00Z'))).toEqual(
      utc('2026-11-16T13:00:00Z'),
    );
    expect(periodStart('daily', 'America/New_York', utc('2026-03-08T12:00:00Z'))).toEqual(
      utc('2026-03-08T12:00:00Z'),
    );
    expect(periodStart('daily', 'America/New_York', utc('2026-03-08T11:59:00Z'))).toBeNull();
  });

  it('is due on Sunday only for a weekly reader', () => {
    // 2026-11-22 is a Sunday, in Riyadh as in UTC.
    expect(periodStart('weekly', 'Asia/Riyadh', utc('2026-11-22T05:00:00Z'))).toEqual(
      utc('2026-11-22T05:00:00Z'),
    );
    expect(periodStart('weekly', 'Asia/Riyadh', utc('2026-11-21T05:00:00Z'))).toBeNull();
    expect(periodStart('weekly', 'Asia/Riyadh', utc('2026-11-23T05:00:00Z'))).toBeNull();
    // Sunday 08:00 in Auckland is still Saturday in UTC.
    expect(periodStart('weekly', 'Pacific/Auckland', utc('2026-11-21T19:00:00Z'))).toEqual(
      utc('2026-11-21T19:00:00Z'),
    );
  });

  it('reads a zone the runtime does not know as Saudi time', () => {
    expect(usableZone('Mars/Olympus_Mons')).toBe('Asia/Riyadh');
    expect(usableZone('Europe/Berlin')).toBe('Europe/Berlin');
  });
});

describe('what a digest covers', () => {
  const start = utc('2026-11-16T05:00:00Z');

  it('starts at the previous digest, or one period back when that is older or missing', () => {
    expect(contentSince('daily', start, utc('2026-11-15T05:03:00Z'))).toEqual(utc('2026-11-15T05:03:00Z'));
    expect(contentSince('daily', start, utc('2026-11-01T05:00:00Z'))).toEqual(utc('2026-11-15T05:00:00Z'));
    expect(contentSince('daily', start, null)).toEqual(utc('2026-11-15T05:00:00Z'));
    expect(contentSince('weekly', start, null)).toEqual(utc('2026-11-09T05:00:00Z'));
  });
});

import { describe, expect, it } from 'vitest';
import { isPollClosed, pollTimeLeft } from './poll-time';

const NOW = Date.parse('2026-03-01T12:00:00.000Z');
const at = (ms: number) => new Date(NOW + ms).toISOString();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('pollTimeLeft', () => {
  it('says nothing for an open poll and «انتهى الاستطلاع» from the instant of its end', () => {
    expect(pollTimeLeft(null, NOW)).toBeNull();
    expect(pollTimeLeft(at(0), NOW)).toBe('انتهى الاستطلاع');
    expect(pollTimeLeft(at(-DAY), NOW)).toBe('انتهى الاستطلاع');
  });

  it('counts hours with Arabic number agreement', () => {
    expect(pollTimeLeft(at(HOUR), NOW)).toBe('يتبقى ساعة واحدة');
    expect(pollTimeLeft(at(2 * HOUR + 5 * MINUTE), NOW)).toBe('يتبقى ساعتان');
    expect(pollTimeLeft(at(3 * HOUR + 30 * MINUTE), NOW)).toBe('يتبقى 3 ساعات');
    expect(pollTimeLeft(at(11 * HOUR), NOW)).toBe('يتبقى 11 ساعة');
  });

  it('counts days, and minutes in the last hour', () => {
    expect(pollTimeLeft(at(2 * DAY + HOUR), NOW)).toBe('يتبقى يومان');
    expect(pollTimeLeft(at(7 * DAY), NOW)).toBe('يتبقى 7 أيام');
    expect(pollTimeLeft(at(DAY), NOW)).toBe('يتبقى يوم واحد');
    expect(pollTimeLeft(at(5 * MINUTE), NOW)).toBe('يتبقى 5 دقائق');
    expect(pollTimeLeft(at(20 * 1000), NOW)).toBe('يتبقى دقيقة واحدة');
    expect(pollTimeLeft(at(2 * MINUTE), NOW)).toBe('يتبقى دقيقتان');
  });

  it('knows when a poll is closed', () => {
    expect(isPollClosed(null, NOW)).toBe(false);
    expect(isPollClosed(at(1), NOW)).toBe(false);
    expect(isPollClosed(at(0), NOW)).toBe(true);
  });
});

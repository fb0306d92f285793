import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatLongDate,
  formatMonthYear,
  formatNumber,
  formatPercent,
  formatRelativeTime,
} from './format';

const NOW = new Date('2025-06-15T12:00:00Z');
const before = (ms: number) => new Date(NOW.getTime() - ms);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('formatRelativeTime', () => {
  it('says now for anything under a minute, and for clocks slightly ahead', () => {
    expect(formatRelativeTime(before(0), NOW)).toBe('الآن');
    expect(formatRelativeTime(before(59_999), NOW)).toBe('الآن');
    expect(formatRelativeTime(new Date(NOW.getTime() + 5_000), NOW)).toBe('الآن');
  });

  it('counts minutes under an hour with Arabic number agreement', () => {
    expect(formatRelativeTime(before(MINUTE), NOW)).toBe('منذ دقيقة');
    expect(formatRelativeTime(before(2 * MINUTE), NOW)).toBe('منذ دقيقتين');
    expect(formatRelativeTime(before(5 * MINUTE), NOW)).toBe('منذ 5 دقائق');
    expect(formatRelativeTime(before(10 * MINUTE), NOW)).toBe('منذ 10 دقائق');
    expect(formatRelativeTime(before(11 * MINUTE), NOW)).toBe('منذ 11 دقيقة');
    expect(formatRelativeTime(before(59 * MINUTE + 59_000), NOW)).toBe('منذ 59 دقيقة');
  });

  it('counts hours under a day (1440 minutes)', () => {
    expect(formatRelativeTime(before(HOUR), NOW)).toBe('منذ ساعة');
    expect(formatRelativeTime(before(2 * HOUR), NOW)).toBe('منذ ساعتين');
    expect(formatRelativeTime(before(3 * HOUR), NOW)).toBe('منذ 3 ساعات');
    expect(formatRelativeTime(before(23 * HOUR + 59 * MINUTE), NOW)).toBe('منذ 23 ساعة');
  });

  it('counts days under a week', () => {
    expect(formatRelativeTime(before(DAY), NOW)).toBe('منذ يوم');
    expect(formatRelativeTime(before(2 * DAY), NOW)).toBe('منذ يومين');
    expect(formatRelativeTime(before(6 * DAY + 23 * HOUR), NOW)).toBe('منذ 6 أيام');
  });

  it('switches to a long Gregorian date in Arabic with Western digits from seven days', () => {
    const text = formatRelativeTime(before(7 * DAY), NOW);
    expect(text).toContain('يونيو');
    expect(text).toContain('2025');
    expect(text).toContain('8');
    expect(text).not.toMatch(/[\u0660-\u0669]/);
    expect(text).not.toContain('هـ');
  });

  it('accepts ISO strings and ignores invalid input', () => {
    expect(formatRelativeTime('2025-06-15T11:30:00Z', NOW)).toBe('منذ 30 دقيقة');
    expect(formatRelativeTime('not a date', NOW)).toBe('');
  });
});

describe('calendar and digits', () => {
  it('formats dates in the Gregorian calendar, never the Islamic one', () => {
    expect(formatLongDate('2024-03-05T12:00:00Z')).toMatch(/5\s*مارس\s*2024/);
    expect(formatMonthYear('2024-03-05T12:00:00Z')).toMatch(/مارس\s*2024/);
  });

  it('uses Western digits for numbers', () => {
    expect(formatNumber(1234)).toMatch(/^1.?234$/);
  });
});

describe('formatCount', () => {
  const comments = {
    zero: 'لا تعليقات',
    one: 'تعليق واحد',
    two: 'تعليقان',
    few: 'تعليقات',
    many: 'تعليقاً',
    hundreds: 'تعليق',
  };
  it('agrees the noun with the number the Arabic way', () => {
    expect(formatCount(0, comments)).toBe('لا تعليقات');
    expect(formatCount(1, comments)).toBe('تعليق واحد');
    expect(formatCount(2, comments)).toBe('تعليقان');
    expect(formatCount(7, comments)).toBe('7 تعليقات');
    expect(formatCount(11, comments)).toBe('11 تعليقاً');
    expect(formatCount(100, comments)).toBe('100 تعليق');
    expect(formatCount(103, comments)).toBe('103 تعليقات');
    expect(formatCount(1500, comments)).toBe('1,500 تعليق');
  });

  it('chooses each of the six forms Intl.PluralRules gives Arabic, past the first hundred too', () => {
    expect(
      [3, 10, 99, 101, 102, 110, 111, 199, 200, 1001, 1011].map((n) => formatCount(n, comments)),
    ).toEqual([
      '3 تعليقات',
      '10 تعليقات',
      '99 تعليقاً',
      '101 تعليق',
      '102 تعليق',
      '110 تعليقات',
      '111 تعليقاً',
      '199 تعليقاً',
      '200 تعليق',
      '1,001 تعليق',
      '1,011 تعليقاً',
    ]);
  });
});

describe('formatPercent', () => {
  it('always shows one decimal with Western digits', () => {
    expect(formatPercent(45.5)).toMatch(/^45\.5\s?٪$/u);
    expect(formatPercent(50)).toMatch(/^50\.0\s?٪$/u);
    expect(formatPercent(0)).toMatch(/^0\.0\s?٪$/u);
  });
});

import {
  ANALYTICS_EVENT_NAMES,
  type AnalyticsCounts,
  type DailySection,
} from '@ray/shared/schemas/analytics';
import { describe, expect, it } from 'vitest';
import { chartBars, formatDay } from './daily-chart';

const zero = () => Object.fromEntries(ANALYTICS_EVENT_NAMES.map((name) => [name, 0])) as AnalyticsCounts;

function daily(values: { search: number; vote: number }[]): DailySection<keyof AnalyticsCounts> {
  const series = values.map((value, index) => ({
    day: `2025-06-${String(index + 1).padStart(2, '0')}`,
    counts: { ...zero(), ...value },
    total: value.search + value.vote,
  }));
  return { series, totals: zero(), total: 0 };
}

describe('daily chart', () => {
  it('scales every bar to the tallest day of the chosen event', () => {
    const data = daily([
      { search: 10, vote: 0 },
      { search: 5, vote: 2 },
      { search: 0, vote: 0 },
      { search: 1000, vote: 0 },
    ]);
    // 10 and 7 of 1000 would be hairlines; a day with events keeps at least 2%.
    expect(chartBars(data, 'total').map((bar) => bar.height)).toEqual([2, 2, 0, 100]);
    expect(chartBars(data, 'vote').map((bar) => [bar.day, bar.value, bar.height])).toEqual([
      ['2025-06-01', 0, 0],
      ['2025-06-02', 2, 100],
      ['2025-06-03', 0, 0],
      ['2025-06-04', 0, 0],
    ]);
  });

  it('draws nothing on a period without events', () => {
    expect(chartBars(daily([{ search: 0, vote: 0 }]), 'total')).toEqual([
      { day: '2025-06-01', value: 0, height: 0 },
    ]);
  });

  it('shows a calendar day in Arabic with Western digits, whatever the time zone', () => {
    expect(formatDay('2025-06-15')).toMatch(/^15 /);
    expect(formatDay('2025-06-15')).toContain('يونيو');
    expect(formatDay('2025-06-15', 'long')).toContain('الأحد');
    expect(formatDay('garbage')).toBe('garbage');
  });
});

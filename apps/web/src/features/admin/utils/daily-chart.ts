import type { DailySection } from '@ray/shared/schemas/analytics';

/** What a chart shows: one of the section's counts, or all of them added up. */
export type ChartMetric<Name extends string> = Name | 'total';

export interface ChartBar {
  day: string;
  value: number;
  /** Height as a percentage of the tallest bar; a day with events never disappears below 2%. */
  height: number;
}

export function chartBars<Name extends string>(
  section: DailySection<Name>,
  metric: ChartMetric<Name>,
): ChartBar[] {
  const values = section.series.map((day) => (metric === 'total' ? day.total : day.counts[metric]));
  const peak = Math.max(0, ...values);
  return section.series.map((day, index) => {
    const value = values[index] ?? 0;
    return { day: day.day, value, height: peak === 0 || value === 0 ? 0 : Math.max(2, (value / peak) * 100) };
  });
}

const dayFormat = new Intl.DateTimeFormat('ar-SA-u-ca-gregory-nu-latn', {
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
const longDayFormat = new Intl.DateTimeFormat('ar-SA-u-ca-gregory-nu-latn', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  timeZone: 'UTC',
});

/** A calendar day of the server ("2025-06-15") as "15 يونيو", read as a date, not an instant. */
export function formatDay(day: string, style: 'short' | 'long' = 'short'): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return (style === 'long' ? longDayFormat : dayFormat).format(date);
}

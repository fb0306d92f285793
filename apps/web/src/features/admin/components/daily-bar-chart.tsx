import type { DailySection } from '@ray/shared/schemas/analytics';
import { adminStrings } from '@/i18n/admin.ar';
import { formatNumber } from '@/lib/format';
import { chartBars, formatDay, type ChartMetric } from '../utils/daily-chart';
import { cn } from '@/lib/cn';
import { heightClass } from '@/lib/percent-class';

const s = adminStrings.analytics;

/**
 * One bar per day, drawn with CSS only. Time runs left to right like the trend sparklines, oldest day first;
 * the bars read as a list for screen readers, each with its date and count.
 */
export function DailyBarChart<Name extends string>({
  section,
  metric,
  metricLabel,
  from,
  to,
}: {
  section: DailySection<Name>;
  metric: ChartMetric<Name>;
  metricLabel: string;
  from: string;
  to: string;
}) {
  const bars = chartBars(section, metric);
  const peak = Math.max(0, ...bars.map((bar) => bar.value));
  const labelEvery = bars.length > 14 ? 5 : 1;
  return (
    <figure className="space-y-2">
      <figcaption className="sr-only">
        {s.chartLabel(metricLabel, formatDay(from, 'long'), formatDay(to, 'long'))}
      </figcaption>
      <div dir="ltr" className="grid grid-cols-[auto_1fr] gap-x-2 gap-y-1.5">
        <div
          className="flex h-48 flex-col justify-between text-end text-[11px] text-slate-500 tabular-nums"
          aria-hidden="true"
        >
          <span>{formatNumber(peak)}</span>
          <span>{formatNumber(0)}</span>
        </div>
        <ol
          className="flex h-48 min-w-0 items-end gap-[2px] border-b border-slate-200 sm:gap-1"
          data-testid="daily-chart"
        >
          {bars.map((bar) => {
            const title = s.barTitle(formatDay(bar.day, 'long'), formatNumber(bar.value));
            return (
              <li key={bar.day} className="group relative flex h-full min-w-0 flex-1 items-end" title={title}>
                <span className="sr-only">{title}</span>
                <span
                  aria-hidden="true"
                  className={cn(
                    'mx-auto block w-full max-w-10 rounded-t-md bg-brand-500 transition-colors group-hover:bg-brand-strong',
                    heightClass(bar.height),
                  )}
                />
              </li>
            );
          })}
        </ol>
        <ol className="col-start-2 flex gap-[2px] text-[10px] text-slate-500 sm:gap-1" aria-hidden="true">
          {bars.map((bar, index) => (
            <li key={bar.day} className="relative h-4 min-w-0 flex-1">
              {(bars.length - 1 - index) % labelEvery === 0 ? (
                <span className="absolute start-1/2 -translate-x-1/2 whitespace-nowrap">
                  {formatDay(bar.day)}
                </span>
              ) : null}
            </li>
          ))}
        </ol>
      </div>
    </figure>
  );
}

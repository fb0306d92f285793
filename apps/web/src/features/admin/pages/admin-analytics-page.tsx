import { ANALYTICS_EVENT_NAMES, ANALYTICS_PERIODS, type AnalyticsDaily } from '@ray/shared/schemas/analytics';
import { RefreshCw } from 'lucide-react';
import { useId, useState } from 'react';
import { ErrorState } from '@/components/page-states';
import { PageTitle } from '@/components/page-title';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { inputClasses } from '@/components/ui/text-field';
import { adminStrings } from '@/i18n/admin.ar';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';
import { useDailyAnalytics } from '../api/get-daily-analytics';
import { DailyBarChart } from '../components/daily-bar-chart';
import { formatDay, type ChartMetric } from '../utils/daily-chart';

const s = adminStrings.analytics;

function Totals({ daily }: { daily: AnalyticsDaily }) {
  return (
    <section aria-label={s.total} className="grid grid-cols-3 gap-2 sm:gap-3 lg:grid-cols-5">
      <Card className="bg-brand-50/60 px-3 py-2.5 sm:px-4 sm:py-3" data-testid="analytics-total">
        <span className="block truncate text-xs text-slate-600">{s.total}</span>
        <span className="mt-1 block text-lg font-bold text-brand-800 tabular-nums sm:text-xl">
          {formatNumber(daily.total)}
        </span>
      </Card>
      {ANALYTICS_EVENT_NAMES.map((name) => (
        <Card key={name} className="px-3 py-2.5 sm:px-4 sm:py-3" data-testid={`analytics-total-${name}`}>
          <span className="block truncate text-xs text-slate-600">{s.events[name]}</span>
          <span className="mt-1 block text-lg font-bold text-slate-900 tabular-nums sm:text-xl">
            {formatNumber(daily.totals[name])}
          </span>
        </Card>
      ))}
    </section>
  );
}

function DailyTable({ daily }: { daily: AnalyticsDaily }) {
  const newestFirst = [...daily.series].reverse();
  return (
    <Card className="overflow-hidden">
      <h3 className="border-b border-slate-100 px-4 py-3 text-sm font-bold text-slate-900">{s.tableTitle}</h3>
      <div className="overflow-x-auto">
        <table className="w-full text-sm" data-testid="analytics-table">
          <thead>
            <tr className="border-b border-slate-200 text-xs font-semibold text-slate-600">
              <th scope="col" className="sticky start-0 bg-white px-4 py-2.5 text-start whitespace-nowrap">
                {s.day}
              </th>
              {ANALYTICS_EVENT_NAMES.map((name) => (
                <th key={name} scope="col" className="px-3 py-2.5 text-end whitespace-nowrap">
                  {s.events[name]}
                </th>
              ))}
              <th scope="col" className="px-4 py-2.5 text-end whitespace-nowrap">
                {s.dayTotal}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {newestFirst.map((day) => (
              <tr key={day.day} className={cn(day.total === 0 && 'text-slate-400')}>
                <th
                  scope="row"
                  className="sticky start-0 bg-white px-4 py-2 text-start font-medium whitespace-nowrap text-slate-800"
                >
                  <time dateTime={day.day}>{formatDay(day.day, 'long')}</time>
                </th>
                {ANALYTICS_EVENT_NAMES.map((name) => (
                  <td key={name} className="px-3 py-2 text-end tabular-nums">
                    {formatNumber(day.counts[name])}
                  </td>
                ))}
                <td className="px-4 py-2 text-end font-semibold tabular-nums">{formatNumber(day.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}

/** `/admin/analytics`: first-party event counts per day for the last 7 or 30 days, as a bar chart and a table. */
export function AdminAnalyticsPage() {
  const [days, setDays] = useState<number>(ANALYTICS_PERIODS[0]);
  const [metric, setMetric] = useState<ChartMetric>('total');
  const query = useDailyAnalytics(days);
  const metricId = useId();
  const daily = query.data;

  return (
    <div className="space-y-4">
      <PageTitle title={`${s.title} | ${adminStrings.title}`} />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 className="text-lg font-bold text-slate-900">{s.title}</h2>
          <p className="mt-0.5 text-sm text-slate-600">{s.subtitle}</p>
        </div>
        <div className="flex items-center gap-2">
          <div role="group" aria-label={s.periodLabel} className="flex rounded-xl bg-slate-100 p-1">
            {ANALYTICS_PERIODS.map((period) => (
              <button
                key={period}
                type="button"
                aria-pressed={days === period}
                onClick={() => {
                  setDays(period);
                }}
                className={cn(
                  'rounded-lg px-3 py-1.5 text-sm font-medium whitespace-nowrap transition-colors',
                  'focus-visible:outline-2 focus-visible:outline-brand-600',
                  days === period
                    ? 'bg-white text-brand-800 shadow-sm'
                    : 'text-slate-600 hover:text-slate-900',
                )}
              >
                {s.period(period)}
              </button>
            ))}
          </div>
          <Button
            variant="outline"
            size="sm"
            loading={query.isRefetching && !query.isPlaceholderData}
            onClick={() => void query.refetch()}
          >
            {query.isRefetching && !query.isPlaceholderData ? null : (
              <RefreshCw className="size-4" aria-hidden="true" />
            )}
            {s.refresh}
          </Button>
        </div>
      </div>

      {query.isPending ? (
        <div className="space-y-3" aria-hidden="true">
          <div className="h-20 animate-pulse rounded-2xl bg-slate-100" />
          <div className="h-64 animate-pulse rounded-2xl bg-slate-100" />
        </div>
      ) : !daily ? (
        <ErrorState title={s.loadFailed} onRetry={() => void query.refetch()} retrying={query.isRefetching} />
      ) : (
        <div className={cn('space-y-4 transition-opacity', query.isPlaceholderData && 'opacity-60')}>
          <Totals daily={daily} />
          <Card className="space-y-4 p-4 sm:p-5">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h3 className="text-sm font-bold text-slate-900">{s.chartTitle}</h3>
              <div className="flex items-center gap-2">
                <label htmlFor={metricId} className="text-xs whitespace-nowrap text-slate-600">
                  {s.chartMetricLabel}
                </label>
                <div className="w-36 sm:w-44">
                  <select
                    id={metricId}
                    value={metric}
                    onChange={(event) => {
                      setMetric(event.target.value as ChartMetric);
                    }}
                    className={inputClasses(false)}
                  >
                    <option value="total">{s.total}</option>
                    {ANALYTICS_EVENT_NAMES.map((name) => (
                      <option key={name} value={name}>
                        {s.events[name]}
                      </option>
                    ))}
                  </select>
                </div>
              </div>
            </div>
            {daily.total === 0 ? <p className="text-sm text-slate-600">{s.empty}</p> : null}
            <DailyBarChart daily={daily} metric={metric} />
          </Card>
          <DailyTable daily={daily} />
        </div>
      )}
    </div>
  );
}

import {
  ANALYTICS_EVENT_NAMES,
  ANALYTICS_PERIODS,
  RECORDED_ACTIVITIES,
  type DailySection,
} from '@ray/shared/schemas/analytics';
import { Info, RefreshCw } from 'lucide-react';
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

interface SectionCopy {
  title: string;
  note: string;
  total: string;
  chartTitle: string;
  chartMetricLabel: string;
  tableTitle: string;
  empty: string;
}

interface SectionProps<Name extends string> {
  kind: 'recorded' | 'reported';
  copy: SectionCopy;
  names: readonly Name[];
  labels: Record<Name, string>;
  section: DailySection<Name>;
  from: string;
  to: string;
}

function Totals<Name extends string>({ copy, names, labels, section, kind }: SectionProps<Name>) {
  return (
    <div className="grid grid-cols-3 gap-2 sm:gap-3 lg:grid-cols-5">
      <Card
        className={cn('px-3 py-2.5 sm:px-4 sm:py-3', kind === 'recorded' ? 'bg-brand-50/60' : 'bg-slate-50')}
        data-testid="analytics-total"
      >
        <span className="block truncate text-xs text-slate-600">{copy.total}</span>
        <span
          className={cn(
            'mt-1 block text-lg font-bold tabular-nums sm:text-xl',
            kind === 'recorded' ? 'text-brand-800' : 'text-slate-700',
          )}
        >
          {formatNumber(section.total)}
        </span>
      </Card>
      {names.map((name) => (
        <Card key={name} className="px-3 py-2.5 sm:px-4 sm:py-3" data-testid={`analytics-total-${name}`}>
          <span className="block truncate text-xs text-slate-600">{labels[name]}</span>
          <span
            className={cn(
              'mt-1 block text-lg font-bold tabular-nums sm:text-xl',
              kind === 'recorded' ? 'text-slate-900' : 'text-slate-700',
            )}
          >
            {formatNumber(section.totals[name])}
          </span>
        </Card>
      ))}
    </div>
  );
}

function DailyTable<Name extends string>({ copy, names, labels, section }: SectionProps<Name>) {
  const newestFirst = [...section.series].reverse();
  const titleId = useId();
  return (
    <Card className="overflow-hidden">
      <h4 id={titleId} className="border-b border-slate-100 px-4 py-3 text-sm font-bold text-slate-900">
        {copy.tableTitle}
      </h4>
      {/* Wider than a phone: the table scrolls sideways, so keyboard users can reach it to scroll it too. */}
      <div className="overflow-x-auto" role="region" aria-labelledby={titleId} tabIndex={0}>
        <table className="w-full text-sm" data-testid="analytics-table">
          <thead>
            <tr className="border-b border-slate-200 text-xs font-semibold text-slate-600">
              <th scope="col" className="sticky start-0 bg-surface px-4 py-2.5 text-start whitespace-nowrap">
                {s.day}
              </th>
              {names.map((name) => (
                <th key={name} scope="col" className="px-3 py-2.5 text-end whitespace-nowrap">
                  {labels[name]}
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
                  className="sticky start-0 bg-surface px-4 py-2 text-start font-medium whitespace-nowrap text-slate-800"
                >
                  <time dateTime={day.day}>{formatDay(day.day, 'long')}</time>
                </th>
                {names.map((name) => (
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

/** One way of counting the period: its totals, a bar chart of the chosen count, and the table by day. */
function ActivitySection<Name extends string>(props: SectionProps<Name>) {
  const { kind, copy, names, labels, section, from, to } = props;
  const [metric, setMetric] = useState<ChartMetric<Name>>('total');
  const metricId = useId();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-3" data-testid={`analytics-${kind}`}>
      <div>
        <h3 id={headingId} className="text-base font-bold text-slate-900">
          {copy.title}
        </h3>
        <p
          className={cn(
            'mt-1 flex items-start gap-1.5 text-sm',
            kind === 'reported' ? 'text-amber-800' : 'text-slate-600',
          )}
        >
          {kind === 'reported' ? <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" /> : null}
          <span>{copy.note}</span>
        </p>
      </div>
      <Totals {...props} />
      <Card className="space-y-4 p-4 sm:p-5">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h4 className="text-sm font-bold text-slate-900">{copy.chartTitle}</h4>
          <div className="flex items-center gap-2">
            <label htmlFor={metricId} className="text-xs whitespace-nowrap text-slate-600">
              {copy.chartMetricLabel}
            </label>
            <div className="w-36 sm:w-44">
              <select
                id={metricId}
                value={metric}
                onChange={(event) => {
                  setMetric(event.target.value as ChartMetric<Name>);
                }}
                className={inputClasses(false)}
              >
                <option value="total">{copy.total}</option>
                {names.map((name) => (
                  <option key={name} value={name}>
                    {labels[name]}
                  </option>
                ))}
              </select>
            </div>
          </div>
        </div>
        {section.total === 0 ? <p className="text-sm text-slate-600">{copy.empty}</p> : null}
        <DailyBarChart
          section={section}
          metric={metric}
          metricLabel={metric === 'total' ? copy.total : labels[metric]}
          from={from}
          to={to}
        />
      </Card>
      <DailyTable {...props} />
    </section>
  );
}

/**
 * `/admin/analytics`: the last 7 or 30 days counted two ways, never mixed. First the platform's activity from
 * the server's own records (sign-ups, posts, votes, comments); then, labelled as estimates, the events that
 * browsers report, which any client can send.
 */
export function AdminAnalyticsPage() {
  const [days, setDays] = useState<number>(ANALYTICS_PERIODS[0]);
  const query = useDailyAnalytics(days);
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
                    ? 'bg-surface text-brand-800 shadow-sm'
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
        <div className={cn('space-y-8 transition-opacity', query.isPlaceholderData && 'opacity-60')}>
          <ActivitySection
            kind="recorded"
            copy={s.recorded}
            names={RECORDED_ACTIVITIES}
            labels={s.activities}
            section={daily.recorded}
            from={daily.from}
            to={daily.to}
          />
          <ActivitySection
            kind="reported"
            copy={s.reported}
            names={ANALYTICS_EVENT_NAMES}
            labels={s.events}
            section={daily.reported}
            from={daily.from}
            to={daily.to}
          />
        </div>
      )}
    </div>
  );
}

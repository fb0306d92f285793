import { AD_STATUSES, type AdStatus } from '@ray/shared/schemas/ad';
import { Megaphone, Plus, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '@/components/page-states';
import { PageTitle } from '@/components/page-title';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { adminStrings } from '@/i18n/admin.ar';
import { cn } from '@/lib/cn';
import { formatCount, formatNumber, formatPercent } from '@/lib/format';
import { useAdminAds } from '../api/get-admin-ads';
import { AdsList } from '../components/ads-list';
import { summarizeAds } from '../utils/ad-metrics';

const s = adminStrings.ads;
type Filter = AdStatus | 'all';

function Summary({ ads }: { ads: Parameters<typeof summarizeAds>[0] }) {
  const summary = summarizeAds(ads);
  const cards = [
    { label: s.summary.active, value: `${formatNumber(summary.active)} / ${formatNumber(summary.total)}` },
    { label: s.summary.impressions, value: formatNumber(summary.impressions) },
    { label: s.summary.clicks, value: formatNumber(summary.clicks) },
    { label: s.summary.ctr, value: summary.ctr === null ? s.noCtr : formatPercent(summary.ctr) },
  ];
  return (
    <section aria-label={s.summaryLabel} className="grid grid-cols-2 gap-3 md:grid-cols-4">
      {cards.map((card) => (
        <Card key={card.label} className="px-4 py-3">
          <span className="block text-xs text-slate-600">{card.label}</span>
          <span className="mt-1 block text-xl font-bold text-slate-900 tabular-nums">{card.value}</span>
        </Card>
      ))}
    </section>
  );
}

/** `/admin/ads`: every ad with its status, placements, period, weight and counts; pause, resume and edit. */
export function AdminAdsPage() {
  const query = useAdminAds();
  const [filter, setFilter] = useState<Filter>('all');
  const ads = query.data ?? [];
  const shown = filter === 'all' ? ads : ads.filter((ad) => ad.status === filter);
  const countOf = (value: Filter) =>
    value === 'all' ? ads.length : ads.filter((ad) => ad.status === value).length;

  return (
    <div className="space-y-4">
      <PageTitle title={`${s.title} | ${adminStrings.title}`} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-bold text-slate-900">
          {s.title}
          {query.data ? (
            <span className="ms-2 text-sm font-normal text-slate-500">
              ({formatCount(ads.length, s.count)})
            </span>
          ) : null}
        </h2>
        <div className="flex items-center gap-2">
          <Button
            variant="outline"
            size="sm"
            loading={query.isRefetching}
            onClick={() => void query.refetch()}
          >
            {query.isRefetching ? null : <RefreshCw className="size-4" aria-hidden="true" />}
            {s.refresh}
          </Button>
          <Link to="/admin/ads/new" className={buttonClasses({ size: 'sm' })}>
            <Plus className="size-4" aria-hidden="true" />
            {s.create}
          </Link>
        </div>
      </div>

      {query.isPending ? (
        <div className="space-y-3" aria-hidden="true">
          <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
            {[0, 1, 2, 3].map((index) => (
              <div key={index} className="h-18 animate-pulse rounded-2xl bg-slate-100" />
            ))}
          </div>
          {[0, 1, 2].map((index) => (
            <div key={index} className="h-20 animate-pulse rounded-2xl bg-slate-100" />
          ))}
        </div>
      ) : query.isError ? (
        <ErrorState title={s.loadFailed} onRetry={() => void query.refetch()} retrying={query.isRefetching} />
      ) : ads.length === 0 ? (
        <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center">
          <span className="flex size-12 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
            <Megaphone className="size-6" aria-hidden="true" />
          </span>
          <p className="font-semibold text-slate-900">{s.emptyTitle}</p>
          <p className="text-sm text-slate-600">{s.emptyBody}</p>
          <Link to="/admin/ads/new" className={buttonClasses()}>
            <Plus className="size-4" aria-hidden="true" />
            {s.create}
          </Link>
        </Card>
      ) : (
        <>
          <Summary ads={ads} />
          <div role="group" aria-label={s.filterLabel} className="flex flex-wrap gap-1.5">
            {(['all', ...AD_STATUSES] as const).map((value) => (
              <button
                key={value}
                type="button"
                aria-pressed={filter === value}
                onClick={() => {
                  setFilter(value);
                }}
                className={cn(
                  'shrink-0 rounded-full px-3 py-1.5 text-sm font-medium whitespace-nowrap ring-1 transition-colors ring-inset',
                  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
                  filter === value
                    ? 'bg-brand-solid text-white ring-brand-600'
                    : 'bg-surface text-slate-700 ring-slate-300 hover:bg-slate-50',
                )}
              >
                {value === 'all' ? s.all : s.statuses[value]}
                <span className="ms-1 text-xs">({formatNumber(countOf(value))})</span>
              </button>
            ))}
          </div>
          {shown.length === 0 ? (
            <Card className="px-6 py-10 text-center text-sm text-slate-600">{s.filteredEmpty}</Card>
          ) : (
            <AdsList ads={shown} />
          )}
        </>
      )}
    </div>
  );
}

import { thumbnailOf } from '@ray/shared/media';
import type { AdminAd } from '@ray/shared/schemas/ad';
import { ImageOff, Pause, Pencil, Play } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { adminStrings } from '@/i18n/admin.ar';
import { ApiError } from '@/lib/api-client';
import { formatLongDate, formatNumber, formatPercent } from '@/lib/format';
import { resolveAssetUrl } from '@/lib/runtime-config';
import { useSetAdStatus } from '../api/set-ad-status';
import { clickThroughRate } from '../utils/ad-metrics';
import { AdStatusBadge } from './ad-status-badge';

const s = adminStrings.ads;

function Thumbnail({ ad }: { ad: AdminAd }) {
  const src = resolveAssetUrl(thumbnailOf(ad.imageUrl));
  if (!src) {
    return (
      <span
        className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-slate-100 text-slate-400"
        title={s.noImage}
      >
        <ImageOff className="size-5" aria-hidden="true" />
      </span>
    );
  }
  return <img src={src} alt="" width={48} height={48} className="size-12 shrink-0 rounded-xl object-cover" />;
}

function Placements({ ad }: { ad: AdminAd }) {
  return (
    <ul className="flex flex-wrap gap-1" aria-label={adminStrings.ads.columns.placements}>
      {ad.placements.map((placement) => (
        <li
          key={placement}
          className="rounded-md bg-slate-100 px-1.5 py-0.5 text-[11px] font-medium whitespace-nowrap text-slate-700"
        >
          {s.placements[placement]}
        </li>
      ))}
    </ul>
  );
}

function Period({ ad }: { ad: AdminAd }) {
  if (!ad.startsAt && !ad.endsAt) return <span className="text-slate-500">{s.always}</span>;
  return (
    <span className="flex flex-col gap-0.5 text-xs leading-5 whitespace-nowrap">
      {ad.startsAt ? <span>{s.from(formatLongDate(ad.startsAt))}</span> : null}
      {ad.endsAt ? <span>{s.until(formatLongDate(ad.endsAt))}</span> : null}
    </span>
  );
}

function ctrText(ad: AdminAd): string {
  const rate = clickThroughRate(ad.clicks, ad.impressions);
  return rate === null ? s.noCtr : formatPercent(rate);
}

/** Target shown as its host (or the site path, decoded), not as a live link: an admin's click must not count. */
function targetLabel(target: string): string {
  try {
    return new URL(target).host;
  } catch {
    try {
      return decodeURI(target);
    } catch {
      return target;
    }
  }
}

function Actions({ ad }: { ad: AdminAd }) {
  const setStatus = useSetAdStatus();
  const pending = setStatus.isPending;
  const toggle = () => {
    setStatus.mutate(
      { id: ad.id, isActive: !ad.isActive },
      {
        onSuccess: (saved) => {
          toast.success(saved.isActive ? s.resumed : s.paused);
        },
        onError: (error) => {
          toast.error(error instanceof ApiError && error.hasServerMessage ? error.message : s.statusFailed);
        },
      },
    );
  };
  return (
    <div className="flex items-center gap-2">
      <Link
        to={`/admin/ads/${ad.id}/edit`}
        aria-label={s.editLabel(ad.title)}
        className={buttonClasses({ variant: 'outline', size: 'sm' })}
      >
        <Pencil className="size-4" aria-hidden="true" />
        {s.edit}
      </Link>
      <Button
        variant={ad.isActive ? 'ghost' : 'secondary'}
        size="sm"
        loading={pending}
        aria-label={ad.isActive ? s.pauseLabel(ad.title) : s.resumeLabel(ad.title)}
        onClick={toggle}
      >
        {pending ? null : ad.isActive ? (
          <Pause className="size-4" aria-hidden="true" />
        ) : (
          <Play className="size-4" aria-hidden="true" />
        )}
        {ad.isActive ? s.pause : s.resume}
      </Button>
    </div>
  );
}

function Title({ ad }: { ad: AdminAd }) {
  return (
    <div className="min-w-0">
      <p dir="auto" className="truncate font-semibold text-slate-900">
        {ad.title}
      </p>
      <p dir="ltr" className="truncate text-start text-xs text-slate-500">
        {targetLabel(ad.targetUrl)}
      </p>
    </div>
  );
}

/** The table's columns in order; numbers line up at the end of their cells. */
const HEADERS = [
  { key: 'ad', numeric: false },
  { key: 'status', numeric: false },
  { key: 'placements', numeric: false },
  { key: 'period', numeric: false },
  { key: 'weight', numeric: true },
  { key: 'impressions', numeric: true },
  { key: 'clicks', numeric: true },
  { key: 'ctr', numeric: true },
] as const;

/** Wide screens: one row per ad with every column. */
function AdsTable({ ads }: { ads: AdminAd[] }) {
  const c = s.columns;
  return (
    <Card className="hidden overflow-x-auto lg:block">
      <table className="w-full text-sm">
        <thead>
          <tr className="border-b border-slate-200 text-start text-xs font-semibold text-slate-600">
            {HEADERS.map(({ key, numeric }, index) => (
              <th
                key={key}
                scope="col"
                className={cn('py-3', index === 0 ? 'px-4' : 'px-3', numeric ? 'text-end' : 'text-start')}
              >
                {c[key]}
              </th>
            ))}
            <th scope="col" className="px-4 py-3 text-start">
              <span className="sr-only">{c.actions}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {ads.map((ad) => (
            <tr key={ad.id} data-testid="admin-ad" className="align-middle hover:bg-slate-50/70">
              <td className="max-w-64 px-4 py-3">
                <div className="flex items-center gap-3">
                  <Thumbnail ad={ad} />
                  <Title ad={ad} />
                </div>
              </td>
              <td className="px-3 py-3">
                <AdStatusBadge status={ad.status} />
              </td>
              <td className="max-w-48 px-3 py-3">
                <Placements ad={ad} />
              </td>
              <td className="px-3 py-3 text-slate-700">
                <Period ad={ad} />
              </td>
              <td className="px-3 py-3 text-end tabular-nums">{formatNumber(ad.weight)}</td>
              <td className="px-3 py-3 text-end tabular-nums">{formatNumber(ad.impressions)}</td>
              <td className="px-3 py-3 text-end tabular-nums">{formatNumber(ad.clicks)}</td>
              <td className="px-3 py-3 text-end font-medium tabular-nums">{ctrText(ad)}</td>
              <td className="px-4 py-3">
                <Actions ad={ad} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

/** Phones and tablets: one card per ad, the numbers in a row of three. */
function AdsCards({ ads }: { ads: AdminAd[] }) {
  const c = s.columns;
  return (
    <ul className="space-y-3 lg:hidden">
      {ads.map((ad) => (
        <li key={ad.id}>
          <Card className="space-y-3 p-4" data-testid="admin-ad">
            <div className="flex items-start gap-3">
              <Thumbnail ad={ad} />
              <div className="min-w-0 flex-1">
                <Title ad={ad} />
              </div>
              <AdStatusBadge status={ad.status} />
            </div>
            <Placements ad={ad} />
            <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 text-xs text-slate-600">
              <Period ad={ad} />
              <span>
                {c.weight}:{' '}
                <span className="font-medium text-slate-800 tabular-nums">{formatNumber(ad.weight)}</span>
              </span>
            </div>
            <dl className="grid grid-cols-3 gap-2 rounded-xl bg-slate-50 p-2 text-center">
              {[
                [c.impressions, formatNumber(ad.impressions)],
                [c.clicks, formatNumber(ad.clicks)],
                [c.ctr, ctrText(ad)],
              ].map(([label, value]) => (
                <div key={label}>
                  <dt className="text-[11px] text-slate-600">{label}</dt>
                  <dd className="font-bold text-slate-900 tabular-nums">{value}</dd>
                </div>
              ))}
            </dl>
            <Actions ad={ad} />
          </Card>
        </li>
      ))}
    </ul>
  );
}

export function AdsList({ ads }: { ads: AdminAd[] }) {
  return (
    <>
      <AdsTable ads={ads} />
      <AdsCards ads={ads} />
    </>
  );
}

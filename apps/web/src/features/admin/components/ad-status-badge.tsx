import type { AdStatus } from '@ray/shared/schemas/ad';
import { adminStrings } from '@/i18n/admin.ar';
import { cn } from '@/lib/cn';

const TONES: Record<AdStatus, string> = {
  active: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  paused: 'bg-amber-50 text-amber-800 ring-amber-200',
  scheduled: 'bg-sky-50 text-sky-800 ring-sky-200',
  ended: 'bg-slate-100 text-slate-700 ring-slate-200',
};

const DOTS: Record<AdStatus, string> = {
  active: 'bg-emerald-500',
  paused: 'bg-amber-500',
  scheduled: 'bg-sky-500',
  ended: 'bg-slate-400',
};

export function AdStatusBadge({ status }: { status: AdStatus }) {
  return (
    <span
      data-testid="ad-status"
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset',
        TONES[status],
      )}
    >
      <span className={cn('size-1.5 rounded-full', DOTS[status])} aria-hidden="true" />
      {adminStrings.ads.statuses[status]}
    </span>
  );
}

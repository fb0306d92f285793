import { useQuery } from '@tanstack/react-query';
import type { AdPlacement } from '@ray/shared/constants';
import { thumbnailOf } from '@ray/shared/media';
import type { Ad } from '@ray/shared/schemas/ad';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { strings } from '@/i18n/strings.ar';
import { cn } from '@/lib/cn';
import { getRuntimeConfig, resolveAssetUrl } from '@/lib/runtime-config';
import { isAdBlockedPath } from './ad-placement';
import { adsQueryOptions, recordClick, scheduleImpression } from './ads-api';

const SHAPES: Record<AdPlacement, string> = {
  Header: 'min-h-16 sm:min-h-20',
  Footer: 'min-h-20',
  Sidebar: 'min-h-60',
  BetweenPosts: 'min-h-28',
  PostDetail: 'min-h-28',
  Mobile: 'min-h-16',
};

function AdCard({
  ad,
  placement,
  page,
  compact,
}: {
  ad: Ad;
  placement: AdPlacement;
  page: string;
  compact: boolean;
}) {
  const navigate = useNavigate();
  useEffect(() => scheduleImpression(ad, placement, page), [ad, placement, page]);

  async function open() {
    const target = await recordClick(ad, placement, page);
    if (target.startsWith('/')) void navigate(target);
    else window.open(target, '_blank', 'noopener,noreferrer');
  }

  const image = resolveAssetUrl(thumbnailOf(ad.imageUrl));
  return (
    <button
      type="button"
      onClick={() => void open()}
      data-testid="ad"
      className={cn(
        'group flex w-full items-center gap-3 overflow-hidden rounded-2xl border border-slate-200 bg-white p-3 text-start shadow-sm transition-shadow hover:shadow-md focus-visible:outline-2 focus-visible:outline-brand-600',
        compact ? 'flex-row' : 'flex-col items-stretch',
      )}
    >
      {image ? (
        <img
          src={image}
          alt=""
          loading="lazy"
          width={compact ? 96 : 320}
          height={compact ? 64 : 160}
          className={cn('rounded-xl object-cover', compact ? 'h-16 w-24' : 'h-32 w-full')}
        />
      ) : null}
      <span className="min-w-0 flex-1">
        <span className="block text-[11px] font-medium text-slate-500">{strings.ads.sponsored}</span>
        <span className="block font-bold text-slate-900 group-hover:text-brand-700">{ad.title}</span>
        {ad.description ? (
          <span className="mt-0.5 line-clamp-2 block text-sm text-slate-600">{ad.description}</span>
        ) : null}
      </span>
    </button>
  );
}

/**
 * An ad placement: the ads served for it (at most its maximum), or a quiet placeholder when there are none or
 * the call fails; nothing at all on pages where ads are blocked. With auto-refresh on (runtime configuration
 * `ads`, off by default) the placement asks for its ads again every interval while the page is visible; an ad
 * shown again still counts one impression per page (`scheduleImpression`).
 */
export function AdSlot({ placement, className }: { placement: AdPlacement; className?: string }) {
  const { pathname } = useLocation();
  const blocked = isAdBlockedPath(pathname);
  const { autoRefresh, refreshIntervalMs } = getRuntimeConfig().ads;
  const { data: ads } = useQuery({
    ...adsQueryOptions(placement),
    enabled: !blocked,
    refetchInterval: autoRefresh ? refreshIntervalMs : false,
  });
  if (blocked) return null;
  if (ads && ads.length > 0) {
    return (
      <aside
        aria-label={strings.ads.label}
        data-ad-placement={placement}
        className={cn('grid gap-3', className)}
      >
        {ads.map((ad) => (
          <AdCard
            key={ad.id}
            ad={ad}
            placement={placement}
            page={pathname}
            compact={placement !== 'Sidebar'}
          />
        ))}
      </aside>
    );
  }
  return (
    <aside
      aria-label={strings.ads.label}
      data-ad-placement={placement}
      className={cn(
        'flex items-center justify-center rounded-2xl border border-dashed border-slate-300 bg-slate-100/60 text-xs font-medium tracking-wide text-slate-600',
        SHAPES[placement],
        className,
      )}
    >
      {strings.ads.label}
    </aside>
  );
}

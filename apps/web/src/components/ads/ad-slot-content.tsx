import { useQuery } from '@tanstack/react-query';
import type { AdPlacement } from '@ray/shared/constants';
import { thumbnailOf } from '@ray/shared/media';
import type { Ad } from '@ray/shared/schemas/ad';
import { useEffect, useSyncExternalStore, type MouseEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { strings } from '@/i18n/strings.ar';
import { cn } from '@/lib/cn';
import { getRuntimeConfig, resolveAssetUrl } from '@/lib/runtime-config';
import { AdPlaceholder, fixedHeightClass, holdsRoom, onlyNarrowClass, waitingClass } from './ad-placeholder';
import { isAdBlockedPath, pageAdPlacements, type AdLayout } from './ad-placement';
import { adLink, adPlanQueryOptions, recordClick, rememberShown, scheduleImpression } from './ads-api';

// The breakpoints of the layout (Tailwind's `sm` and `lg`): the sidebar from `lg`, the phone's top slot below `sm`.
const WIDE = '(min-width: 64rem)';
const MEDIUM = '(min-width: 40rem)';

function subscribeToLayout(onChange: () => void) {
  const queries = [WIDE, MEDIUM].map((query) => window.matchMedia(query));
  for (const query of queries) query.addEventListener('change', onChange);
  return () => {
    for (const query of queries) query.removeEventListener('change', onChange);
  };
}

function currentLayout(): AdLayout {
  if (window.matchMedia(WIDE).matches) return 'wide';
  return window.matchMedia(MEDIUM).matches ? 'medium' : 'narrow';
}

/** The viewer's layout; unknown (null) while rendering on the server and hydrating, as the HTML was made without it. */
function useAdLayout(): AdLayout | null {
  return useSyncExternalStore(subscribeToLayout, currentLayout, () => null);
}

function AdCard({
  slot,
  placement,
  page,
  compact,
}: {
  slot: { ad: Ad; turn: number };
  placement: AdPlacement;
  page: string;
  compact: boolean;
}) {
  const { ad, turn } = slot;
  const navigate = useNavigate();
  useEffect(() => scheduleImpression(ad, placement, page), [ad, placement, page]);
  useEffect(() => {
    rememberShown(placement, turn, ad.id);
  }, [placement, turn, ad.id]);

  // An ad for a page of this site opens in place, like any link of the app; any other click (a middle click, a
  // modifier, "open in a new tab") follows the link itself, which counts it on the way.
  const inSite = ad.targetUrl.startsWith('/');
  function openInPlace(event: MouseEvent<HTMLAnchorElement>) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    recordClick(ad, placement, page);
    void navigate(ad.targetUrl);
  }

  const image = resolveAssetUrl(thumbnailOf(ad.imageUrl));
  return (
    <a
      href={adLink(ad, placement, page)}
      target={inSite ? undefined : '_blank'}
      rel="sponsored noopener"
      onClick={inSite ? openInPlace : undefined}
      data-testid="ad"
      data-ad-id={ad.id}
      className={cn(
        'group flex w-full items-center gap-3 overflow-hidden rounded-2xl border border-slate-200 bg-surface p-3 text-start shadow-sm transition-shadow hover:shadow-md focus-visible:outline-2 focus-visible:outline-brand-600',
        compact ? 'h-full flex-row' : 'flex-col items-stretch',
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
        <span className="line-clamp-1 block font-bold text-slate-900 group-hover:text-brand-700">
          {ad.title}
        </span>
        {ad.description ? (
          <span className="mt-0.5 line-clamp-2 block text-sm text-slate-600">{ad.description}</span>
        ) : null}
      </span>
    </a>
  );
}

/**
 * An ad placement, filled from the page view's plan (`GET /api/ads/plan`): the `index`-th ad the plan gives this
 * placement (between posts, the first slot is 0, the next 1, …), or nothing when the plan has none for it, so a
 * page never shows two ads on one screen nor repeats one to fill a slot. A quiet placeholder holds the slot's room
 * while the plan is on its way, and stays when it fails; nothing at all on pages where ads are blocked. Only the
 * sidebar has ads in the wide layout, so the other slots are hidden there from the first paint. With
 * auto-refresh on (runtime configuration `ads`, off by default) the page asks for a new plan every interval while
 * it is visible; an ad shown again still counts one impression per page (`scheduleImpression`).
 */
export function AdSlotContent({
  placement,
  index = 0,
  className,
}: {
  placement: AdPlacement;
  index?: number;
  className?: string;
}) {
  const { pathname, key: pageView } = useLocation();
  const blocked = isAdBlockedPath(pathname);
  const layout = useAdLayout();
  const placements = layout ? pageAdPlacements(pathname, layout) : [];
  const { autoRefresh, refreshIntervalMs } = getRuntimeConfig().ads;
  const { data: plan } = useQuery({
    ...adPlanQueryOptions(`${pageView}|${pathname}`, placements),
    enabled: !blocked && placements.length > 0,
    refetchInterval: autoRefresh ? refreshIntervalMs : false,
  });
  if (blocked || (layout && !placements.includes(placement))) return null;
  const onlyNarrow = onlyNarrowClass(placement);
  const slot = plan?.slots.filter((entry) => entry.placement === placement)[index];
  if (slot) {
    return (
      <aside
        aria-label={strings.ads.label}
        data-ad-placement={placement}
        className={cn('grid gap-3', fixedHeightClass(placement), className, onlyNarrow)}
      >
        <AdCard slot={slot} placement={placement} page={pathname} compact={placement !== 'Sidebar'} />
      </aside>
    );
  }
  if (plan) return null;
  // While the plan is on its way only the slots that hold room show; when it failed, every slot shows it.
  if (plan === undefined && !holdsRoom(placement)) return null;
  return (
    <AdPlaceholder
      placement={placement}
      className={cn(className, onlyNarrow, plan === undefined && waitingClass(placement))}
    />
  );
}

import type { AdPlacement } from '@ray/shared/constants';
import { strings } from '@/i18n/strings.ar';
import { cn } from '@/lib/cn';

const SHAPES: Record<AdPlacement, string> = {
  Header: 'min-h-16 sm:min-h-20',
  Footer: 'min-h-20',
  Sidebar: 'min-h-60',
  BetweenPosts: 'min-h-28',
  PostDetail: 'min-h-16',
  Mobile: 'min-h-16',
};

/**
 * The top of the page and the post page's slot keep one height whether they hold the placeholder or the ad, so
 * the page below never moves when the ad arrives after the first paint.
 */
export const fixedHeightClass = (placement: AdPlacement) =>
  placement === 'Header' || placement === 'PostDetail' ? 'h-27' : undefined;

/**
 * Slots whose room is held while the page view's plan is on its way: those the plan fills first, the top of the
 * page, the sidebar and, on a phone, the post page's slot (see `waitingClass`). The others (the phone's slot
 * among them, at the page's end) rarely get an ad (one per screen), or come below the first screen, so they take
 * no room until they do.
 */
export const holdsRoom = (placement: AdPlacement) =>
  placement === 'Header' || placement === 'Sidebar' || placement === 'PostDetail';

/**
 * Where a slot holds its room while the plan is on its way: the post page's slot only on a phone, the one layout
 * with no slot above it; on a tablet the top slot takes that screen's ad.
 */
export const waitingClass = (placement: AdPlacement) =>
  placement === 'PostDetail' ? 'sm:hidden' : undefined;

/** Only the sidebar has ads in the wide layout: the other slots are hidden there from the first paint. */
export const onlyNarrowClass = (placement: AdPlacement) =>
  placement === 'Sidebar' ? undefined : 'lg:hidden';

/** The quiet box that holds an ad slot's room while its ad is on its way, and stays when ads fail. */
export function AdPlaceholder({ placement, className }: { placement: AdPlacement; className?: string }) {
  return (
    <aside
      aria-label={strings.ads.label}
      data-ad-placement={placement}
      className={cn(
        'flex items-center justify-center rounded-2xl border border-dashed border-slate-300 bg-slate-100/60 text-xs font-medium tracking-wide text-slate-600',
        SHAPES[placement],
        fixedHeightClass(placement),
        className,
      )}
    >
      {strings.ads.label}
    </aside>
  );
}

import type { AdPlacement } from '@ray/shared/constants';
import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { cn } from '@/lib/cn';
import { AdPlaceholder, holdsRoom, onlyNarrowClass, waitingClass } from './ad-placeholder';
import { isAdBlockedPath } from './ad-placement';

// Ads are planned after the page shows: their code loads apart from the first screen's.
const AdSlotContent = lazy(() => import('./ad-slot-content').then((m) => ({ default: m.AdSlotContent })));

/**
 * An ad placement (see `AdSlotContent`): nothing on pages where ads are blocked, else the slot's placeholder
 * until the code that fills it from the page view's plan has loaded.
 */
export function AdSlot(props: { placement: AdPlacement; index?: number; className?: string }) {
  const { pathname } = useLocation();
  if (isAdBlockedPath(pathname)) return null;
  return (
    <Suspense
      fallback={
        holdsRoom(props.placement) ? (
          <AdPlaceholder
            placement={props.placement}
            className={cn(props.className, onlyNarrowClass(props.placement), waitingClass(props.placement))}
          />
        ) : null
      }
    >
      <AdSlotContent {...props} />
    </Suspense>
  );
}

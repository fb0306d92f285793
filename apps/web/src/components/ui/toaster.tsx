import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { strings } from '@/i18n/strings.ar';
import { toast } from '@/lib/toast';

/*
 * Most visits show no toast at all, so the card's look and icons are not part of the first screen; they are
 * fetched once the page has settled, to be at hand for the first notice (a failure while offline too: the service
 * worker keeps every script).
 */
const loadCard = () => import('./toast-card');
const ToastCard = lazy(() => loadCard().then((module) => ({ default: module.ToastCard })));

/** The toast of the moment, at the top centre of the screen; a newer one takes its place. */
export function Toaster() {
  const items = useSyncExternalStore(toast.subscribe, toast.getToasts, toast.getToasts);
  useEffect(() => {
    const timer = setTimeout(() => {
      void loadCard();
    }, 3_000);
    return () => {
      clearTimeout(timer);
    };
  }, []);
  return (
    <section
      aria-label={strings.common.notices}
      className="pointer-events-none fixed inset-x-0 top-4 z-[60] px-4"
    >
      <div className="mx-auto max-w-sm">
        <Suspense fallback={null}>
          {items.map((item) => (
            <ToastCard key={item.id} item={item} />
          ))}
        </Suspense>
      </div>
    </section>
  );
}

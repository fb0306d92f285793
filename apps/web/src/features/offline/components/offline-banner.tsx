import { WifiOff } from 'lucide-react';
import { appInstallStrings } from '@/i18n/app-install.ar';
import { useOnline } from '../hooks/use-online';

const copy = appInstallStrings.offlineBanner;

/**
 * A notice at the top of the page, just under the site header (h-16) so the menu and search stay usable, while
 * there is no connection. The live region is always there and only its content changes, so screen readers
 * announce going offline (and say nothing when the notice goes away).
 */
export function OfflineBanner() {
  const online = useOnline();
  return (
    <div role="status" className="pointer-events-none fixed inset-x-0 top-16 z-30 flex justify-center px-2">
      {online ? null : (
        <p className="pointer-events-auto mt-2 flex max-w-xl animate-fade-in items-start gap-2 rounded-xl bg-ink-900 px-4 py-2.5 text-sm text-white shadow-float">
          <WifiOff className="mt-0.5 size-4 shrink-0 text-accent-400" aria-hidden="true" />
          <span>
            <strong className="font-bold">{copy.title}</strong>
            <span className="mx-1.5" aria-hidden="true">
              ·
            </span>
            <span className="text-slate-200">{copy.body}</span>
          </span>
        </p>
      )}
    </div>
  );
}

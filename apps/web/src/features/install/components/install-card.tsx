import { X } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { appInstallStrings } from '@/i18n/app-install.ar';

const copy = appInstallStrings.installCard;

/** The mark of public/favicon.svg, drawn here so the card needs no image request. */
function AppMark() {
  return (
    <svg viewBox="0 0 64 64" className="size-12 shrink-0" aria-hidden="true">
      <rect width="64" height="64" rx="16" className="fill-brand-600" />
      <path
        d="M18 20a6 6 0 0 1 6-6h16a6 6 0 0 1 6 6v14a6 6 0 0 1-6 6h-9l-9 8v-8h-4a6 6 0 0 1-6-6z"
        className="fill-white"
      />
      <circle cx="26" cy="27" r="2.5" className="fill-brand-600" />
      <circle cx="32" cy="27" r="2.5" className="fill-brand-600" />
      <circle cx="38" cy="27" r="2.5" className="fill-brand-600" />
    </svg>
  );
}

/**
 * The offer to install the app, a small card in a corner that never covers the page's own controls (the button
 * for a new post sits in the opposite corner; below the `md` width it stays above the tab bar). Installing opens
 * the browser's own confirmation.
 */
export function InstallCard({ onInstall, onDismiss }: { onInstall: () => void; onDismiss: () => void }) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="fixed inset-x-4 bottom-24 z-40 animate-pop-in rounded-2xl bg-surface p-4 shadow-float ring-1 ring-slate-200 sm:inset-x-auto sm:start-8 sm:w-96 md:bottom-8"
    >
      <div className="flex items-start gap-3">
        <AppMark />
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="font-bold text-slate-900">
            {copy.title}
          </h2>
          <p className="mt-1 text-sm leading-relaxed text-slate-600">{copy.body}</p>
        </div>
        <button
          type="button"
          onClick={onDismiss}
          aria-label={copy.close}
          className="-me-1 -mt-1 flex size-8 shrink-0 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      </div>
      <div className="mt-4 flex justify-end gap-2">
        <Button variant="ghost" size="sm" onClick={onDismiss}>
          {copy.dismiss}
        </Button>
        <Button size="sm" onClick={onInstall}>
          {copy.install}
        </Button>
      </div>
    </section>
  );
}

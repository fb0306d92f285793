import { Wrench } from 'lucide-react';
import { PageTitle } from '@/components/page-title';
import { statusPageStrings } from '@/i18n/status-pages.ar';
import { strings } from '@/i18n/strings.ar';

function contactHref(contact: string): string | null {
  if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(contact)) return `mailto:${contact}`;
  if (/^https?:\/\//i.test(contact)) return contact;
  return null;
}

/** Replaces the whole app while maintenance mode is on; it renders outside the router on purpose. */
export function MaintenancePage({ message, supportContact }: { message: string; supportContact: string }) {
  const href = supportContact ? contactHref(supportContact) : null;
  return (
    <main className="flex min-h-dvh items-center justify-center bg-gradient-to-b from-brand-50 to-slate-50 px-4 py-12">
      <PageTitle title={statusPageStrings.maintenance.title} />
      <div className="w-full max-w-lg rounded-3xl bg-surface px-6 py-10 text-center shadow-float ring-1 ring-slate-200 sm:px-10">
        <span className="mx-auto flex size-16 items-center justify-center rounded-2xl bg-gradient-to-br from-brand-500 to-brand-strong text-white">
          <Wrench className="size-8" aria-hidden="true" />
        </span>
        <p className="mt-6 text-sm font-semibold text-brand-700">{statusPageStrings.maintenance.subtitle}</p>
        <h1 className="mt-1 text-3xl font-bold text-slate-900">{statusPageStrings.maintenance.title}</h1>
        {message ? (
          <p className="mt-4 leading-8 whitespace-pre-line text-slate-700" dir="auto">
            {message}
          </p>
        ) : null}
        {supportContact ? (
          <p className="mt-6 rounded-xl bg-slate-50 px-4 py-3 text-sm text-slate-700">
            {statusPageStrings.maintenance.contact}{' '}
            {href ? (
              <a href={href} className="font-semibold text-brand-700 underline underline-offset-4" dir="ltr">
                {supportContact}
              </a>
            ) : (
              <bdi className="font-semibold text-slate-900">{supportContact}</bdi>
            )}
          </p>
        ) : null}
        <p className="mt-8 text-2xl font-bold text-brand-700">{strings.app.name}</p>
      </div>
    </main>
  );
}

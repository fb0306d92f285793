import { CONTACT_RESPONSE_HOURS } from '@ray/shared/constants';
import { useQuery } from '@tanstack/react-query';
import { CircleHelp, Clock, Mail } from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { appConfigQueryOptions } from '@/lib/app-config';
import { siteStrings } from '@/i18n/site.ar';
import { formatCount } from '@/lib/format';

const s = siteStrings.contact;
const RESPONSE_ROWS = ['general', 'technical', 'business'] as const;

/** A mail or web link for the support contact of the runtime configuration, or null for plain text. */
function contactHref(contact: string): string | null {
  if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(contact)) return `mailto:${contact}`;
  if (/^https?:\/\//i.test(contact)) return contact;
  return null;
}

function SupportContact() {
  // Already in the cache: the app reads its configuration before the first page.
  const config = useQuery(appConfigQueryOptions());
  const contact = config.data?.supportContact.trim() ?? '';
  if (config.isPending)
    return <div className="h-12 animate-pulse rounded-xl bg-slate-100" aria-hidden="true" />;
  if (!contact) return null;
  const href = contactHref(contact);
  return (
    <div className="flex items-start gap-3">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
        <Mail className="size-4.5" aria-hidden="true" />
      </span>
      <div className="min-w-0">
        <p className="text-xs text-slate-600">{s.supportEmail}</p>
        {href ? (
          <a
            href={href}
            dir="ltr"
            className="block font-semibold break-all text-brand-700 hover:underline"
            {...(href.startsWith('http') ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
          >
            {contact}
          </a>
        ) : (
          <bdi className="block font-semibold break-all text-slate-900">{contact}</bdi>
        )}
      </div>
    </div>
  );
}

/** Beside the form: how to reach support directly and how soon it answers (spec section 9). */
export function ContactInfo() {
  return (
    <Card className="space-y-5 p-5">
      <section aria-labelledby="contact-info-title" className="space-y-4">
        <h2 id="contact-info-title" className="text-base font-bold text-slate-900">
          {s.infoTitle}
        </h2>
        <SupportContact />
      </section>
      <section aria-labelledby="contact-times-title" className="space-y-3 border-t border-slate-100 pt-5">
        <h2 id="contact-times-title" className="flex items-center gap-2 text-base font-bold text-slate-900">
          <Clock className="size-4.5 text-brand-600" aria-hidden="true" />
          {s.responseTimesTitle}
        </h2>
        <dl className="space-y-2">
          {RESPONSE_ROWS.map((row) => (
            <div
              key={row}
              className="flex items-center justify-between gap-3 rounded-xl bg-slate-50 px-3 py-2.5 text-sm"
            >
              <dt className="text-slate-700">{s.responseTimes[row]}</dt>
              <dd className="font-semibold whitespace-nowrap text-slate-900">
                {s.within(formatCount(CONTACT_RESPONSE_HOURS[row], s.hourForms))}
              </dd>
            </div>
          ))}
        </dl>
      </section>
      <p className="flex items-start gap-2 border-t border-slate-100 pt-5 text-sm leading-6 text-slate-600">
        <CircleHelp className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
        <span>
          {s.faqPrompt}{' '}
          <Link to="/faq" className="font-semibold text-brand-700 hover:underline">
            {s.faqLink}
          </Link>
        </span>
      </p>
    </Card>
  );
}

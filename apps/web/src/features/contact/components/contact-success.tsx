import { CONTACT_RESPONSE_HOURS } from '@ray/shared/constants';
import { msg } from '@ray/shared/messages.ar';
import { CheckCircle2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { siteStrings } from '@/i18n/site.ar';
import { formatCount } from '@/lib/format';
import type { ContactSentInfo } from './contact-form';

const s = siteStrings.contact;

function responseHours(category: ContactSentInfo['category']): number | null {
  return category in CONTACT_RESPONSE_HOURS
    ? CONTACT_RESPONSE_HOURS[category as keyof typeof CONTACT_RESPONSE_HOURS]
    : null;
}

/** The success state of the contact form, with the way back to a new message. */
export function ContactSuccess({
  sent,
  onSendAnother,
}: {
  sent: ContactSentInfo;
  onSendAnother: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Focus follows the form's replacement, so keyboard and screen-reader users land on the confirmation.
  useEffect(() => {
    heading.current?.focus();
  }, []);
  const hours = responseHours(sent.category);

  return (
    <div
      className="flex flex-col items-center gap-4 px-2 py-6 text-center sm:py-10"
      data-testid="contact-success"
    >
      <span className="flex size-16 items-center justify-center rounded-full bg-emerald-50 text-emerald-600 ring-8 ring-emerald-50/60">
        <CheckCircle2 className="size-9" aria-hidden="true" />
      </span>
      <h2 ref={heading} tabIndex={-1} className="text-2xl font-bold text-slate-900 focus:outline-none">
        {s.successTitle}
      </h2>
      <p role="status" className="sr-only">
        {msg.contactSent}
      </p>
      <p className="max-w-md leading-8 text-slate-700">{s.successBody}</p>
      <p className="rounded-xl bg-slate-50 px-4 py-3 text-sm text-slate-700">
        {s.successReplyTo}{' '}
        <bdi dir="ltr" className="font-semibold break-all text-slate-900">
          {sent.email}
        </bdi>
      </p>
      {hours !== null ? (
        <p className="text-sm text-slate-600">{s.successExpected(formatCount(hours, s.hourForms))}</p>
      ) : null}
      <div className="mt-2 flex w-full flex-col gap-2.5 sm:w-auto sm:flex-row">
        <Button onClick={onSendAnother}>{s.sendAnother}</Button>
        <Link to="/" className={buttonClasses({ variant: 'outline' })}>
          {s.backHome}
        </Link>
      </div>
    </div>
  );
}

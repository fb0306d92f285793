import { Mail } from 'lucide-react';
import { useState } from 'react';
import { PageTitle } from '@/components/page-title';
import { Card } from '@/components/ui/card';
import { siteStrings } from '@/i18n/site.ar';
import { ContactForm, type ContactSentInfo } from '../components/contact-form';
import { ContactInfo } from '../components/contact-info';
import { ContactSuccess } from '../components/contact-success';

const s = siteStrings.contact;

/** `/contact`: the form goes editing → submitting → success, and "send another" starts a fresh form. */
export function ContactPage() {
  const [sent, setSent] = useState<ContactSentInfo | null>(null);
  const [returning, setReturning] = useState(false);

  return (
    <div className="space-y-6">
      <PageTitle title={s.title} />
      <header className="rounded-3xl bg-gradient-to-bl from-brand-50 via-surface to-surface px-6 py-7 ring-1 ring-brand-100 sm:px-10 sm:py-8">
        <span className="mb-4 flex size-12 items-center justify-center rounded-2xl bg-brand-solid text-white">
          <Mail className="size-6" aria-hidden="true" />
        </span>
        <h1 className="text-3xl font-bold text-slate-900">{s.title}</h1>
        <p className="mt-3 max-w-2xl text-base leading-8 text-slate-700 sm:text-lg">{s.lead}</p>
      </header>
      <div className="grid items-start gap-6 md:grid-cols-[minmax(0,1fr)_17rem]">
        <Card className="p-5 sm:p-7">
          {sent ? (
            <ContactSuccess
              sent={sent}
              onSendAnother={() => {
                setReturning(true);
                setSent(null);
              }}
            />
          ) : (
            <section aria-labelledby="contact-form-title" className="space-y-5">
              <h2 id="contact-form-title" className="text-xl font-bold text-slate-900">
                {s.formTitle}
              </h2>
              <ContactForm onSent={setSent} focusOnMount={returning} />
            </section>
          )}
        </Card>
        <ContactInfo />
      </div>
    </div>
  );
}

import type { LucideIcon } from 'lucide-react';
import { Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { strings } from '@/i18n/strings.ar';
import { PageTitle } from './page-title';
import { buttonClasses } from './ui/button';
import { Card } from './ui/card';

/**
 * The placeholder a page shows until its milestone ships: what the page will do, and a way onward. Each feature
 * renders it from its own page component so the real page can replace it in place.
 */
export function ComingSoon({
  icon: Icon,
  title,
  description,
  children,
  actions,
}: {
  icon: LucideIcon;
  title: string;
  description: string;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <section aria-labelledby="coming-soon-title">
      <PageTitle title={title} />
      <Card className="relative overflow-hidden px-6 py-12 text-center sm:px-10 sm:py-16">
        <div
          className="pointer-events-none absolute inset-x-0 top-0 h-40 bg-gradient-to-b from-brand-50 to-transparent"
          aria-hidden="true"
        />
        <div className="relative flex flex-col items-center gap-4">
          <span className="flex size-16 items-center justify-center rounded-2xl bg-gradient-to-br from-brand-500 to-brand-700 text-white shadow-float">
            <Icon className="size-8" aria-hidden="true" />
          </span>
          <span className="inline-flex items-center gap-1.5 rounded-full bg-accent-100 px-3 py-1 text-xs font-semibold text-amber-900">
            <Sparkles className="size-3.5" aria-hidden="true" />
            {strings.common.comingSoon}
          </span>
          <h1 id="coming-soon-title" className="text-2xl font-bold text-slate-900 sm:text-3xl">
            {title}
          </h1>
          <p className="max-w-lg text-base leading-8 text-slate-600">{description}</p>
          {children}
          <div className="mt-2 flex flex-wrap items-center justify-center gap-3">
            {actions ?? (
              <>
                <Link to="/" className={buttonClasses()}>
                  {strings.common.backHome}
                </Link>
                <Link to="/about" className={buttonClasses({ variant: 'outline' })}>
                  {strings.soon.readAbout}
                </Link>
              </>
            )}
          </div>
        </div>
      </Card>
    </section>
  );
}

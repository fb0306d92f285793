import { Compass } from 'lucide-react';
import { Link } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { statusPageStrings } from '@/i18n/status-pages.ar';
import { strings } from '@/i18n/strings.ar';

export function NotFoundPage() {
  return (
    <Card className="flex flex-col items-center gap-4 px-6 py-14 text-center sm:py-20">
      <PageTitle title={statusPageStrings.notFound.title} />
      <span className="flex size-16 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
        <Compass className="size-8" aria-hidden="true" />
      </span>
      <p className="text-5xl font-bold text-brand-700 tabular-nums" aria-hidden="true">
        404
      </p>
      <h1 className="text-2xl font-bold text-slate-900">{statusPageStrings.notFound.title}</h1>
      <p className="max-w-md leading-7 text-slate-600">{statusPageStrings.notFound.body}</p>
      <div className="mt-2 flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonClasses()}>
          {strings.common.backHome}
        </Link>
        <Link to="/trends" className={buttonClasses({ variant: 'outline' })}>
          {strings.home.ctaTrends}
        </Link>
      </div>
    </Card>
  );
}

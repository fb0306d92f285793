import { AlertTriangle, ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { strings } from '@/i18n/strings.ar';
import { PageTitle } from './page-title';
import { Button, buttonClasses } from './ui/button';
import { Card } from './ui/card';
import { Spinner } from './ui/spinner';

export function PageLoader({ label = strings.app.loading }: { label?: string }) {
  return (
    <div className="flex min-h-64 items-center justify-center py-16">
      <Spinner label={label} />
    </div>
  );
}

export function ErrorState({
  title = strings.common.loadFailed,
  message,
  onRetry,
  retrying = false,
  children,
}: {
  title?: string;
  message?: string;
  onRetry?: () => void;
  retrying?: boolean;
  children?: ReactNode;
}) {
  return (
    <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center" role="alert">
      <span className="flex size-12 items-center justify-center rounded-full bg-red-50 text-red-700">
        <AlertTriangle className="size-6" aria-hidden="true" />
      </span>
      <h2 className="text-lg font-bold text-slate-900">{title}</h2>
      {message ? <p className="max-w-md text-sm leading-6 text-slate-600">{message}</p> : null}
      {onRetry ? (
        <Button variant="outline" onClick={onRetry} loading={retrying}>
          {strings.common.retry}
        </Button>
      ) : null}
      {children}
    </Card>
  );
}

/** A page the signed-in user's role does not open: why, and the way home. */
export function ForbiddenState({ title, body }: { title: string; body: string }) {
  return (
    <Card className="flex flex-col items-center gap-4 px-6 py-14 text-center" role="alert">
      <PageTitle title={title} />
      <span className="flex size-14 items-center justify-center rounded-2xl bg-red-50 text-red-700">
        <ShieldAlert className="size-7" aria-hidden="true" />
      </span>
      <h1 className="text-xl font-bold text-slate-900">{title}</h1>
      <p className="max-w-sm leading-7 text-slate-600">{body}</p>
      <Link to="/" className={buttonClasses()}>
        {strings.common.backHome}
      </Link>
    </Card>
  );
}

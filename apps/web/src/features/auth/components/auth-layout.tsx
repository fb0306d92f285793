import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { PageTitle } from '@/components/page-title';
import { Card } from '@/components/ui/card';

/** The centred card every sign-in page sits in. */
export function AuthLayout({
  icon: Icon,
  title,
  subtitle,
  children,
  footer,
}: {
  icon: LucideIcon;
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-md py-2 sm:py-6">
      <PageTitle title={title} />
      <Card className="px-5 py-8 sm:px-8">
        <div className="mb-7 flex flex-col items-center gap-3 text-center">
          <span className="flex size-14 items-center justify-center rounded-2xl bg-gradient-to-br from-brand-500 to-brand-strong text-white shadow-float">
            <Icon className="size-7" aria-hidden="true" />
          </span>
          <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
          {subtitle ? <div className="text-sm leading-7 text-slate-600">{subtitle}</div> : null}
        </div>
        {children}
      </Card>
      {footer ? <div className="mt-5 text-center text-sm text-slate-600">{footer}</div> : null}
    </div>
  );
}

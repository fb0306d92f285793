import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { AuthLayout } from './auth-layout';

/**
 * A sign-in page that reports an outcome instead of asking for input (link sent, password changed, link no
 * longer valid, address confirmed): the message, a line of explanation, and what to do next.
 */
export function AuthStatus({
  icon,
  title,
  tone = 'error',
  message,
  footer,
  children,
}: {
  icon: LucideIcon;
  title: string;
  tone?: 'error' | 'success';
  /** Shown as an alert above the rest; nothing when empty. */
  message?: string | null;
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <AuthLayout icon={icon} title={title} footer={footer}>
      <div className="space-y-5 text-center">
        {message ? (
          <Alert tone={tone} className="text-start">
            {message}
          </Alert>
        ) : null}
        {children}
      </div>
    </AuthLayout>
  );
}

/** The explanation under an outcome's message. */
export function AuthStatusText({ children }: { children: ReactNode }) {
  return <p className="text-sm leading-7 text-slate-600">{children}</p>;
}

/** The outcome's next steps, stacked on phones and side by side from `sm` up. */
export function AuthActions({ children }: { children: ReactNode }) {
  return <div className="flex flex-col gap-2.5 sm:flex-row sm:justify-center">{children}</div>;
}

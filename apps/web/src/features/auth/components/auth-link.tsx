import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { cn } from '@/lib/cn';
import { returnState } from '@/lib/return-url';

/**
 * A link between the sign-in pages (sign in, create account, forgot password). It carries the page the user
 * came from, so signing in on any of them still returns there.
 */
export function AuthLink({
  to,
  strong = false,
  className,
  children,
}: {
  to: '/login' | '/register' | '/forgot-password';
  /** Semibold, for the footer's main switch; medium otherwise. */
  strong?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const location = useLocation();
  return (
    <Link
      to={to}
      state={returnState(location.state)}
      className={cn(className, strong ? 'font-semibold' : 'font-medium', 'text-brand-700 hover:underline')}
    >
      {children}
    </Link>
  );
}

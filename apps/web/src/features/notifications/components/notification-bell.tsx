import { Bell } from 'lucide-react';
import { NavLink } from 'react-router';
import { strings } from '@/i18n/strings.ar';
import { cn } from '@/lib/cn';
import { useUnreadBadge } from '../hooks/use-unread-badge';

export function NotificationBell({ className }: { className?: string }) {
  const badge = useUnreadBadge();
  return (
    <NavLink
      to="/notifications"
      aria-label={badge ? strings.nav.notificationsWithCount(badge) : strings.nav.notifications}
      className={({ isActive }) =>
        cn(
          'relative inline-flex size-10 items-center justify-center rounded-full transition-colors hover:bg-slate-100',
          isActive ? 'text-brand-700' : 'text-slate-700',
          className,
        )
      }
    >
      <Bell className="size-5" aria-hidden="true" />
      {badge ? (
        <span
          data-testid="unread-badge"
          dir="ltr"
          className="absolute -top-0.5 -end-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-rose-solid px-1 text-[11px] leading-none font-bold text-white ring-2 ring-surface"
          aria-hidden="true"
        >
          {badge}
        </span>
      ) : null}
    </NavLink>
  );
}

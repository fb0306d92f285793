import { Bell, Home, PenSquare, TrendingUp, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { useUnreadBadge } from '@/features/notifications/hooks/use-unread-badge';
import { strings } from '@/i18n/strings.ar';
import { displayName, useAuthStore } from '@/lib/auth-store';
import { cn } from '@/lib/cn';

const ICON = 'size-6';

const PAGES = [
  ['/', strings.nav.home, Home],
  ['/trends', strings.nav.trends, TrendingUp],
  ['/create-post', strings.nav.create, PenSquare],
] as const;

const tabClasses = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex h-14 flex-col items-center justify-center gap-0.5 text-[11px]',
    isActive ? 'font-bold text-brand-700' : 'font-medium text-slate-600',
  );

function Tab({
  to,
  label,
  icon,
  end,
  state,
  ariaLabel,
}: {
  to: string;
  label: string;
  icon: ReactNode;
  end?: boolean | undefined;
  state?: unknown;
  ariaLabel?: string;
}) {
  return (
    <li>
      <NavLink to={to} end={end} state={state} aria-label={ariaLabel} className={tabClasses}>
        {icon}
        {label}
      </NavLink>
    </li>
  );
}

/**
 * Phones' bottom tab bar, within the thumb's reach as in the social apps: home, trends, a new post,
 * notifications with the unread count, and the user's own profile (sign-in for visitors, who are asked to sign
 * in by the pages that need it). Wider screens have all of it in the header instead.
 */
export function TabBar() {
  const userId = useAuthStore((state) => state.userId);
  const user = useAuthStore((state) => state.user);
  const signedIn = useAuthStore((state) => state.isAuthenticated);
  const location = useLocation();
  const badge = useUnreadBadge();

  return (
    <nav
      aria-label={strings.nav.mainNavigation}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-surface/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
    >
      <ul className="grid grid-cols-5">
        {PAGES.map(([to, label, Icon]) => (
          <Tab
            key={to}
            to={to}
            end={to === '/'}
            label={label}
            icon={<Icon className={ICON} aria-hidden="true" />}
          />
        ))}
        <Tab
          to="/notifications"
          label={strings.nav.notifications}
          ariaLabel={badge ? strings.nav.notificationsWithCount(badge) : undefined}
          icon={
            <span className="relative">
              <Bell className={ICON} aria-hidden="true" />
              {badge ? (
                <span
                  data-testid="tab-unread-badge"
                  dir="ltr"
                  aria-hidden="true"
                  className="absolute -end-2 -top-1.5 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-rose-solid px-1 text-[10px] leading-none font-bold text-white ring-2 ring-surface"
                >
                  {badge}
                </span>
              ) : null}
            </span>
          }
        />
        {signedIn && userId ? (
          <Tab
            to={`/profile/${encodeURIComponent(userId)}`}
            label={strings.nav.account}
            icon={
              user ? (
                <Avatar src={user.avatarUrl} name={displayName(user)} size="xs" />
              ) : (
                <UserRound className={ICON} aria-hidden="true" />
              )
            }
          />
        ) : (
          <Tab
            to="/login"
            state={{ from: `${location.pathname}${location.search}` }}
            label={strings.nav.account}
            icon={<UserRound className={ICON} aria-hidden="true" />}
          />
        )}
      </ul>
    </nav>
  );
}

import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { msg } from '@ray/shared/messages.ar';
import { DARK_MODE_ATTRIBUTE } from '@ray/shared/theme';
import {
  Bookmark,
  FileText,
  LayoutDashboard,
  LogOut,
  Settings,
  ShieldCheck,
  UserRound,
  type LucideIcon,
} from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { Avatar } from '@/components/ui/avatar';
import { adminStrings } from '@/i18n/admin.ar';
import { strings } from '@/i18n/strings.ar';
import { displayName, useAuthStore } from '@/lib/auth-store';
import { signOut } from '@/lib/session';
import { itemClasses } from './menu-item-classes';

function MenuLink({ to, icon: Icon, label }: { to: string; icon: LucideIcon; label: string }) {
  return (
    <DropdownMenu.Item asChild className={itemClasses}>
      <Link to={to}>
        <Icon className="size-4.5 text-slate-500" aria-hidden="true" />
        {label}
      </Link>
    </DropdownMenu.Item>
  );
}

// The theme choices load with the menu's first opening, and only while admins offer the dark theme.
const ThemeChoices = lazy(() => import('./theme-choices').then((m) => ({ default: m.ThemeChoices })));

export function AvatarMenu() {
  const user = useAuthStore((state) => state.user);
  const userId = useAuthStore((state) => state.userId);
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const name = user ? displayName(user) : '';

  async function handleLogout() {
    setLeaving(true);
    await signOut();
    await navigate('/');
    setLeaving(false);
    toast.success(msg.logoutSuccess);
  }

  return (
    <DropdownMenu.Root dir="rtl">
      <DropdownMenu.Trigger
        aria-label={strings.nav.accountMenu}
        className="rounded-full transition-shadow hover:ring-4 hover:ring-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 data-[state=open]:ring-4 data-[state=open]:ring-brand-100"
      >
        <Avatar src={user?.avatarUrl} name={name || '?'} size="md" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          collisionPadding={12}
          className="z-50 w-64 animate-pop-in rounded-2xl bg-surface p-1.5 shadow-float ring-1 ring-slate-200"
        >
          {user ? (
            <div className="flex items-center gap-3 px-3 py-2.5">
              <Avatar src={user.avatarUrl} name={name} size="md" />
              <div className="min-w-0">
                <p className="truncate text-sm font-semibold text-slate-900">
                  <bdi>{name}</bdi>
                </p>
                <p className="truncate text-xs text-slate-600">
                  <bdi dir="ltr">@{user.username}</bdi>
                </p>
              </div>
            </div>
          ) : null}
          {user ? <DropdownMenu.Separator className="my-1 h-px bg-slate-100" /> : null}
          {userId ? (
            <MenuLink
              to={`/profile/${encodeURIComponent(userId)}`}
              icon={UserRound}
              label={strings.nav.profile}
            />
          ) : null}
          <MenuLink to="/my-posts" icon={FileText} label={strings.nav.myPosts} />
          <MenuLink to="/bookmarks" icon={Bookmark} label={strings.nav.bookmarks} />
          <MenuLink to="/settings" icon={Settings} label={strings.nav.settings} />
          {user?.role === 'moderator' || user?.role === 'admin' ? (
            <MenuLink to="/moderation" icon={ShieldCheck} label={strings.nav.moderation} />
          ) : null}
          {user?.role === 'admin' ? (
            <MenuLink to="/admin" icon={LayoutDashboard} label={adminStrings.menuLink} />
          ) : null}
          {document.documentElement.getAttribute(DARK_MODE_ATTRIBUTE) === 'on' ? (
            <Suspense fallback={null}>
              <ThemeChoices />
            </Suspense>
          ) : null}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
          <DropdownMenu.Item
            disabled={leaving}
            onSelect={() => void handleLogout()}
            className={`${itemClasses} text-red-700 data-[highlighted]:bg-red-50 data-[highlighted]:text-red-800`}
          >
            <LogOut className="size-4.5 rtl:-scale-x-100" aria-hidden="true" />
            {strings.nav.logout}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

import { Menu, PenSquare, X } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { strings } from '@/i18n/strings.ar';
import { useAuthStore } from '@/lib/auth-store';
import { cn } from '@/lib/cn';
import { HeaderSearch } from './header-search';
import { Logo } from './logo';
import { MAIN_LINKS } from './nav-links';

// Visitors never open the account menu, so its menu library loads only for signed-in users.
const AvatarMenu = lazy(() => import('./avatar-menu').then((m) => ({ default: m.AvatarMenu })));

function AvatarPlaceholder() {
  return <span className="size-10 animate-pulse rounded-full bg-slate-200" aria-hidden="true" />;
}

const navLinkClasses = ({ isActive }: { isActive: boolean }) =>
  cn(
    'inline-flex h-10 items-center gap-2 rounded-full px-4 text-sm font-medium transition-colors',
    isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
  );

export function SiteHeader() {
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const location = useLocation();
  // The menu belongs to the location it was opened on, so any navigation closes it without an effect.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === location.key;
  const closeMenu = () => {
    setOpenOn(null);
  };
  const from = { from: `${location.pathname}${location.search}` };

  return (
    <header
      className="sticky top-0 z-40 border-b border-slate-200/80 bg-surface/90 backdrop-blur supports-[backdrop-filter]:bg-surface/75"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && menuOpen) closeMenu();
      }}
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4">
        <button
          type="button"
          className="-ms-2 inline-flex size-10 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 md:hidden"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          aria-label={menuOpen ? strings.nav.closeMenu : strings.nav.openMenu}
          onClick={() => {
            setOpenOn(menuOpen ? null : location.key);
          }}
        >
          {menuOpen ? (
            <X className="size-6" aria-hidden="true" />
          ) : (
            <Menu className="size-6" aria-hidden="true" />
          )}
        </button>

        <Logo />

        <nav aria-label={strings.nav.mainNavigation} className="ms-2 hidden items-center gap-1 md:flex">
          {MAIN_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} end={link.end} className={navLinkClasses}>
              {link.label}
            </NavLink>
          ))}
        </nav>

        <HeaderSearch className="mx-auto hidden w-full max-w-sm md:block" />

        <div className="ms-auto flex items-center gap-1.5 md:ms-0">
          {isAuthenticated ? (
            <>
              {/* Phones have these in the tab bar. */}
              <span className="hidden md:contents">
                <Link to="/create-post" className={buttonClasses({ size: 'sm' })}>
                  <PenSquare className="size-4" aria-hidden="true" />
                  {strings.nav.newPost}
                </Link>
                <NotificationBell />
              </span>
              <Suspense fallback={<AvatarPlaceholder />}>
                <AvatarMenu />
              </Suspense>
            </>
          ) : (
            <>
              <Link to="/login" state={from} className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
                {strings.nav.login}
              </Link>
              <span className="hidden sm:contents">
                <Link to="/register" state={from} className={buttonClasses({ size: 'sm' })}>
                  {strings.nav.register}
                </Link>
              </span>
            </>
          )}
        </div>
      </div>

      {menuOpen ? (
        <div
          id="mobile-menu"
          className="animate-fade-in border-t border-slate-200 bg-surface px-4 pt-3 pb-4 md:hidden"
        >
          <HeaderSearch onSearched={closeMenu} />
          {/* The pages are in the tab bar and signing in is in the header; a visitor also finds here how to join. */}
          {isAuthenticated ? null : (
            <Link
              to="/register"
              state={from}
              onClick={closeMenu}
              className={cn(buttonClasses({ fullWidth: true }), 'mt-3')}
            >
              {strings.nav.register}
            </Link>
          )}
        </div>
      ) : null}
    </header>
  );
}

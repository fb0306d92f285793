import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { isAdBlockedPath } from '@/components/ads/ad-placement';
import { AdSlot } from '@/components/ads/ad-slot';
import { HydrateLater } from '@/components/hydrate-later';
import { PageLoader } from '@/components/page-states';
import { strings } from '@/i18n/strings.ar';
import { useAuthStore } from '@/lib/auth-store';
import { PageTakenOver } from '@/app/page-taken-over';
import { ScrollRestoration } from './scroll-restoration';
import { Sidebar } from './sidebar';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { TabBar } from './tab-bar';

const FloatingNewPost = lazy(() =>
  import('./floating-new-post').then((m) => ({ default: m.FloatingNewPost })),
);
const NotificationStream = lazy(() =>
  import('@/features/notifications/components/notification-stream').then((m) => ({
    default: m.NotificationStream,
  })),
);

/** Header, a three-quarter content column with a sidebar, footer, and the ad slots between them (spec section 2). */
export function RootLayout() {
  const { pathname } = useLocation();
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  // Sign-in and registration pages carry no ads, so they get the full width instead of an empty sidebar.
  const focused = isAdBlockedPath(pathname);

  return (
    // Phones keep the page's end clear of the tab bar: its 56 px, its border and the home indicator's inset.
    <div className="flex min-h-dvh flex-col pb-[calc(57px+env(safe-area-inset-bottom))] md:pb-0">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-surface px-4 py-2 font-medium text-brand-800 shadow-float focus:not-sr-only focus:fixed focus:start-4 focus:top-4"
      >
        {strings.app.skipToContent}
      </a>
      <HydrateLater>
        <SiteHeader />
      </HydrateLater>
      {isAuthenticated ? (
        <Suspense fallback={null}>
          <NotificationStream />
        </Suspense>
      ) : null}
      {/* At least a screen tall, so the footer starts below the fold and does not jump as the page fills in. */}
      <div className="mx-auto min-h-dvh w-full max-w-6xl flex-1 px-4 py-5 sm:py-6">
        <AdSlot placement="Header" className="mb-6 hidden sm:flex" />
        <div className={focused ? undefined : 'grid gap-6 lg:grid-cols-4'}>
          <main id="main" tabIndex={-1} className="min-w-0 focus:outline-none lg:col-span-3">
            <Suspense fallback={<PageLoader />}>
              <Outlet />
              <PageTakenOver />
            </Suspense>
          </main>
          {focused ? null : (
            <HydrateLater>
              <Sidebar className="hidden lg:block" />
            </HydrateLater>
          )}
        </div>
        {/* A phone opens on the page itself: its ad follows the page. */}
        <AdSlot placement="Mobile" className="mt-6 sm:hidden" />
      </div>
      <HydrateLater>
        <SiteFooter />
      </HydrateLater>
      <HydrateLater>
        <TabBar />
      </HydrateLater>
      <ScrollRestoration />
      {isAuthenticated ? (
        <Suspense fallback={null}>
          <FloatingNewPost />
        </Suspense>
      ) : null}
    </div>
  );
}

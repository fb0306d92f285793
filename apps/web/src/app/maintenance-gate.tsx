import { useQuery } from '@tanstack/react-query';
import { Wrench } from 'lucide-react';
import type { ReactNode } from 'react';
import type { AppConfig } from '@ray/shared/schemas/config';
import { Link, useLocation } from 'react-router';
import { MaintenancePage } from '@/features/pages/pages/maintenance-page';
import { statusPageStrings } from '@/i18n/status-pages.ar';
import { appConfigQueryOptions } from '@/lib/app-config';
import { useAuthStore } from '@/lib/auth-store';
import { PageTakenOver } from './page-taken-over';
import { AppRoutes } from './router';

/** While maintenance is on the configuration is read again this often, so its end reaches every open page. */
const MAINTENANCE_POLL_MS = 10_000;

/**
 * Pages a visitor still reaches while maintenance is on: signing in (so an admin can), and the digest's
 * unsubscribe link, which the server keeps open too.
 */
const OPEN_PATHS = ['/login', '/login/callback', '/unsubscribe'];

function MaintenanceBanner() {
  const s = statusPageStrings.maintenance;
  return (
    <div role="status" className="bg-amber-100 px-4 py-2 text-center text-sm text-amber-950">
      <Wrench className="me-1.5 inline size-4 align-[-3px]" aria-hidden="true" />
      <strong className="font-bold">{s.banner}</strong> <span className="max-sm:hidden">{s.bannerBody}</span>{' '}
      <Link to="/admin/maintenance" className="font-semibold underline underline-offset-4">
        {s.bannerManage}
      </Link>
    </div>
  );
}

/**
 * The app while maintenance is on, inside the router: admins use all of it under a banner that reminds them,
 * the sign-in page stays open so they can sign in, and everyone else sees the maintenance page with the message.
 */
export function MaintenanceGate({ config, splash }: { config: AppConfig; splash: ReactNode }) {
  // Watches the configuration the app gate read; when maintenance ends the gate puts the app back.
  useQuery({ ...appConfigQueryOptions(), refetchInterval: MAINTENANCE_POLL_MS });
  const { pathname } = useLocation();
  const role = useAuthStore((state) => state.user?.role);
  const checking = useAuthStore((state) => state.isLoading);
  if (role === 'admin') {
    return (
      <>
        <MaintenanceBanner />
        <AppRoutes />
      </>
    );
  }
  if (OPEN_PATHS.includes(pathname)) return <AppRoutes />;
  // The stored session is still being checked: it may be an admin's, who must not see the page flash by.
  if (checking) return splash;
  return (
    <>
      <MaintenancePage message={config.maintenanceMessage} supportContact={config.supportContact} />
      <PageTakenOver />
    </>
  );
}

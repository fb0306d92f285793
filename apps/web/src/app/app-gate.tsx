import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { appConfigQueryOptions } from '@/lib/app-config';
import { strings } from '@/i18n/strings.ar';
import { initializeSession } from '@/lib/session';
import { PageTakenOver } from './page-taken-over';
import { AppRoutes } from './router';

const MaintenancePage = lazy(() =>
  import('@/features/pages/pages/maintenance-page').then((m) => ({ default: m.MaintenancePage })),
);

function Splash() {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-5">
      <span className="text-4xl font-bold text-brand-700">{strings.app.name}</span>
      <Spinner label={strings.app.loading} />
    </div>
  );
}

/**
 * Start-up order of spec section 4: the remote configuration first (it may put the whole app in maintenance),
 * then the session check. A configuration that cannot be read lets the app run normally.
 */
/** The browser's router, or a static one fixed on the requested address when the page renders on the server. */
export type AppRouter = ComponentType<{ children: ReactNode }>;

export function AppGate({ Router }: { Router: AppRouter }) {
  const config = useQuery(appConfigQueryOptions());
  const settled = !config.isPending;
  const maintenance = config.data?.maintenanceMode === true;

  useEffect(() => {
    if (settled && !maintenance) void initializeSession();
  }, [settled, maintenance]);

  if (!settled) return <Splash />;
  if (maintenance) {
    return (
      <Suspense fallback={<Splash />}>
        <MaintenancePage
          message={config.data?.maintenanceMessage ?? ''}
          supportContact={config.data?.supportContact ?? ''}
        />
        <PageTakenOver />
      </Suspense>
    );
  }
  return (
    <Router>
      <AppRoutes />
    </Router>
  );
}

import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { appConfigQueryOptions } from '@/lib/app-config';
import { strings } from '@/i18n/strings.ar';
import { initializeSession } from '@/lib/session';
import { AppRoutes } from './router';

const MaintenanceGate = lazy(() =>
  import('./maintenance-gate').then((m) => ({ default: m.MaintenanceGate })),
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

  // The session is checked during maintenance too: an admin signed in goes on using the app.
  useEffect(() => {
    if (settled) void initializeSession();
  }, [settled]);

  if (!settled) return <Splash />;
  if (config.data?.maintenanceMode) {
    return (
      <Suspense fallback={<Splash />}>
        <Router>
          <MaintenanceGate config={config.data} splash={<Splash />} />
        </Router>
      </Suspense>
    );
  }
  return (
    <Router>
      <AppRoutes />
    </Router>
  );
}

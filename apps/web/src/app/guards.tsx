import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoader } from '@/components/page-states';
import { useAuthStore } from '@/lib/auth-store';
import { toast } from '@/lib/toast';
import { clearReturnUrl, readReturnUrl, returnPathFromState } from '@/lib/return-url';

/**
 * Login-required routes. The start-up check can only sign a stored session out, never in, so a remembered
 * session renders at once and a visitor is sent to /login straight away with the page to come back to.
 * With `message`, the visitor is also told why (the edit page's sign-in message of spec section 8).
 */
export function RequireAuth({ message }: { message?: string }) {
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const loggedOut = useAuthStore((state) => state.loggedOut);
  const location = useLocation();
  const explain = message !== undefined && !isAuthenticated && !loggedOut;
  useEffect(() => {
    if (explain) toast.info(message, { id: message });
  }, [explain, message]);
  if (!isAuthenticated && loggedOut) return <Navigate to="/" replace />;
  if (!isAuthenticated) {
    return (
      <Navigate
        to="/login"
        replace
        state={{ from: `${location.pathname}${location.search}${location.hash}` }}
      />
    );
  }
  return <Outlet />;
}

function LeaveForReturnUrl({ from }: { from: string | null }) {
  const [target] = useState(() => from ?? readReturnUrl() ?? '/');
  useEffect(() => {
    clearReturnUrl();
  }, []);
  return <Navigate to={target} replace />;
}

/**
 * Guest-only routes: a signed-in user goes to the page they came from (navigation state), else the return URL
 * saved before an external sign-in, else home. This is also what moves the user on right after logging in.
 */
export function GuestOnly() {
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const isLoading = useAuthStore((state) => state.isLoading);
  const location = useLocation();
  // Wait for the start-up check so a stale stored session does not bounce the visitor away from /login.
  if (isLoading) return <PageLoader />;
  if (isAuthenticated) return <LeaveForReturnUrl from={returnPathFromState(location.state)} />;
  return <Outlet />;
}

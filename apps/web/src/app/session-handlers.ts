import { feedMsg as msg } from '@ray/shared/feed-messages.ar';
import { toast } from '@/lib/toast';
import { configureApiClient } from '@/lib/api-client';
import { useAuthStore } from '@/lib/auth-store';
import { clearUserQueries } from '@/lib/query-client';
import { safeReturnPath } from '@/lib/return-url';
import { currentLocation, navigateTo } from './navigation';

/**
 * What the app does when the HTTP client renews or loses the session: keep the store in step, and after a
 * failed refresh sign out and go to /login, remembering the page so signing in again returns there.
 */
export function registerSessionHandlers(): void {
  configureApiClient({
    onTokensRefreshed: ({ token, userId }) => {
      useAuthStore.getState().setToken(token, userId);
    },
    onAuthFailure: ({ redirect }) => {
      const wasSignedIn = useAuthStore.getState().isAuthenticated;
      useAuthStore.getState().clearSession();
      clearUserQueries();
      // Whoever uses this device next must not receive the pushes of the session that just ended.
      if (wasSignedIn) {
        void import('@/lib/push-device')
          .then((device) => device.forgetPushDevice(null))
          .catch(() => undefined);
      }
      if (!redirect) return;
      const { pathname, search, hash } = currentLocation();
      const from = safeReturnPath(`${pathname}${search}${hash}`);
      // Already on a sign-in page: nothing to leave.
      if (from === null) return;
      if (wasSignedIn) toast.error(msg.sessionExpired);
      navigateTo('/login', { replace: true, state: { from } });
    },
  });
}

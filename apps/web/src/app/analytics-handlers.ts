import { track, startAnalytics, trackPageView } from '@/lib/analytics';
import { useAuthStore } from '@/lib/auth-store';
import { currentLocation, onLocationChange } from './navigation';

/** Where a sign-in finished tells how it happened: the sign-up form, a social provider's return, or the login form. */
function signInEvent(pathname: string): ['signup' | 'login', { method: 'password' | 'social' }] {
  if (pathname === '/register') return ['signup', { method: 'password' }];
  if (pathname.startsWith('/login/callback') || pathname.startsWith('/auth/mobile'))
    return ['login', { method: 'social' }];
  return ['login', { method: 'password' }];
}

/**
 * Wires first-party analytics to the app: page time follows the router, and a session that starts after the
 * start-up check (so not a stored one being restored) counts as a login or a sign-up.
 */
export function registerAnalytics(): void {
  startAnalytics();
  trackPageView(currentLocation().pathname);
  onLocationChange((location) => {
    trackPageView(location.pathname);
  });
  useAuthStore.subscribe((state, previous) => {
    if (!state.isAuthenticated || previous.isAuthenticated || previous.isLoading) return;
    const [name, properties] = signInEvent(window.location.pathname);
    track(name, properties);
  });
}

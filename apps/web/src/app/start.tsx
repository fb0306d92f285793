// The app's start, loaded by main.tsx. First: it configures zod before any schema is used.
import '@/lib/zod-config';
import { DARK_MODE_ATTRIBUTE } from '@ray/shared/theme';
import { hydrate } from '@tanstack/react-query';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { useAuthStore } from '@/lib/auth-store';
import { readAccessToken } from '@/lib/credentials';
import { queryClient } from '@/lib/query-client';
import { limitEarlyActions } from '@/lib/early-actions';
import { readServerState } from '@/lib/server-state';
import { registerAnalytics } from './analytics-handlers';
import { AppRoot } from './app-root';
import { registerSessionHandlers } from './session-handlers';
import { registerSuspensionHandlers } from './suspension-handlers';

/** Starts the app on the page: takes a server-rendered page over, or renders the page in the browser. */
export function startApp(container: HTMLElement): void {
  registerSessionHandlers();
  registerSuspensionHandlers();
  registerAnalytics();
  limitEarlyActions();
  // The head's script has shown the right theme already; what follows changes to it loads apart.
  if (document.documentElement.getAttribute(DARK_MODE_ATTRIBUTE) === 'on')
    import('@/lib/theme').then(
      (theme) => {
        theme.startTheme();
      },
      () => undefined,
    );

  const server = readServerState();
  if (server) hydrate(queryClient, server.queries);

  // The server renders pages as a visitor sees them. A visitor's browser takes that page over as it is; a
  // signed-in user's renders afresh (their own menu, votes and bookmarks differ), starting from the server's
  // answers while their own are fetched.
  const signedIn = readAccessToken() !== null || useAuthStore.getState().isAuthenticated;
  if (server && !signedIn) {
    hydrateRoot(container, <AppRoot Router={BrowserRouter} renderedAt={server.renderedAt} />);
  } else {
    if (server) void queryClient.invalidateQueries({ refetchType: 'none' });
    createRoot(container).render(<AppRoot Router={BrowserRouter} />);
  }
}

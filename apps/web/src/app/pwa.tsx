import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { InstallOffer } from '@/features/install/components/install-offer';
import { installOfferStore, type InstallOfferStore } from '@/features/install/install-offer';
import { OfflineBanner } from '@/features/offline/components/offline-banner';
import { currentLocation, onLocationChange } from './navigation';

const POST_PAGE = /^\/posts\/[^/]+\/?$/;

/**
 * Counts the posts opened, for the install offer: each post page once per arrival, whether it was the page
 * loaded or one reached inside the app.
 */
function countPostsOpened(store: InstallOfferStore): void {
  let last: string | null = null;
  const seen = (pathname: string) => {
    if (pathname === last) return;
    last = pathname;
    if (POST_PAGE.test(pathname)) store.notePostOpened();
  };
  seen(currentLocation().pathname);
  onLocationChange(({ pathname }) => {
    seen(pathname);
  });
}

/**
 * The service worker is registered from production builds only: the development server's modules change under
 * it, and the unit tests have no worker.
 */
function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/sw.js').catch(() => undefined);
}

/**
 * What makes the site an app, started by main.tsx once the page has loaded (so none of it weighs on the first
 * screen): the service worker, the offline banner, and the install offer with the visits it counts. `held` is
 * the browser's install prompt if it came before this code did.
 */
export function startPwa(held: Event | null): void {
  registerServiceWorker();
  const store = installOfferStore();
  store.noteVisit();
  countPostsOpened(store);

  const host = document.createElement('div');
  host.id = 'ray-app-extras';
  document.body.append(host);
  createRoot(host).render(
    <StrictMode>
      <OfflineBanner />
      <InstallOffer store={store} held={held} />
    </StrictMode>,
  );
}

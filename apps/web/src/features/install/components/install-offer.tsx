import { lazy, Suspense, useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { shouldOfferInstall, type InstallOfferStore } from '../install-offer';

const InstallCard = lazy(() => import('./install-card').then((m) => ({ default: m.InstallCard })));

/** Chromium's `beforeinstallprompt` event, which the DOM types do not describe. */
export interface InstallPromptEvent extends Event {
  prompt: () => Promise<unknown>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

const isInstallPrompt = (event: Event): event is InstallPromptEvent =>
  'prompt' in event && typeof event.prompt === 'function';

/**
 * Holds the browser's install prompt (kept from the page's start in `held`, or caught later) and shows the
 * install card once the visits counted in `store` call for it. The browser's own mini bar is held back, so the
 * offer comes once, in the app's words, and not on a first visit.
 */
export function InstallOffer({ store, held }: { store: InstallOfferStore; held: Event | null }) {
  const [prompt, setPrompt] = useState<InstallPromptEvent | null>(() =>
    held && isInstallPrompt(held) ? held : null,
  );
  const offer = useSyncExternalStore(store.subscribe, () => shouldOfferInstall(store.read()));

  useEffect(() => {
    const catchPrompt = (event: Event) => {
      event.preventDefault();
      if (isInstallPrompt(event)) setPrompt(event);
    };
    const installed = () => {
      store.settle('installed');
      setPrompt(null);
    };
    window.addEventListener('beforeinstallprompt', catchPrompt);
    window.addEventListener('appinstalled', installed);
    return () => {
      window.removeEventListener('beforeinstallprompt', catchPrompt);
      window.removeEventListener('appinstalled', installed);
    };
  }, [store]);

  const dismiss = useCallback(() => {
    store.settle('dismissed');
    setPrompt(null);
  }, [store]);

  const install = useCallback(() => {
    if (!prompt) return;
    setPrompt(null);
    void prompt
      .prompt()
      .then(() => prompt.userChoice)
      .then(
        ({ outcome }) => {
          store.settle(outcome === 'accepted' ? 'installed' : 'dismissed');
        },
        () => undefined,
      );
  }, [prompt, store]);

  if (!prompt || !offer) return null;
  return (
    <Suspense fallback={null}>
      <InstallCard onInstall={install} onDismiss={dismiss} />
    </Suspense>
  );
}

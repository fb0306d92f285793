import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import type { PrecacheEntry } from 'workbox-precaching';
import type { WorkboxPlugin } from 'workbox-core/types';
import { OFFLINE_CACHES } from '@/lib/offline-copies';
import {
  isHashedAsset,
  isKeepableResponse,
  isPageNavigation,
  isPublicApiRequest,
  isRuntimeConfig,
  isUploadedImage,
  OFFLINE_PAGE_URL,
} from './caching-rules';
import { listenForPushes } from './push-handlers';

/**
 * The app's service worker: the first screen and the offline page kept from install, the pages last read kept
 * for reading again without a connection, public answers kept briefly, and nothing of anyone's session (the
 * rules are in caching-rules.ts). Pushes and notification clicks are handled in push-handlers.ts.
 */
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] };

const DAY_SECONDS = 24 * 60 * 60;

/** Only answers the rules allow are written; everything else still reaches the page, just not the cache. */
const keepOnlyKeepable: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => (isKeepableResponse(response) ? response : null),
};

/**
 * The installed app opens `/?source=pwa` and its shortcuts carry the same mark: the page is the one without it,
 * so one kept copy answers both.
 */
const withoutSourceMark: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request }) => {
    const url = new URL(request.url);
    if (!url.searchParams.has('source')) return request;
    url.searchParams.delete('source');
    return url.href;
  },
};

// The new worker takes over at once instead of waiting for every tab to close. That is safe here: the app's
// files are content-hashed, so a page already open keeps asking for the files it was built with, and those stay
// on the server and its CDN for a year (immutable) and in this worker's asset cache; only the next page load
// gets the new index.html and the new files with it.
void self.skipWaiting();
clientsClaim();

// The home page is a page like the others (below), not the built index.html kept here: by default the precache
// would answer `/` with that copy, which has neither the server's first screen nor the look the server gives
// every page at the moment (the dark theme offered or not).
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '' });
cleanupOutdatedCaches();

self.addEventListener('activate', (event) => {
  // Caches of earlier versions of this worker under names it no longer uses.
  const current = new Set<string>(Object.values(OFFLINE_CACHES));
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith('ray-') && !current.has(name))
            .map((name) => caches.delete(name)),
        ),
      ),
  );
});

const pages = new NetworkFirst({
  cacheName: OFFLINE_CACHES.pages,
  plugins: [
    keepOnlyKeepable,
    withoutSourceMark,
    new ExpirationPlugin({ maxEntries: 30, maxAgeSeconds: 7 * DAY_SECONDS, purgeOnQuotaError: true }),
  ],
});

// Pages: from the network while there is one, so every page is as fresh as without the worker; without it, the
// copy of that page from the last time it was read, or else the offline page.
registerRoute(
  ({ request }) => isPageNavigation(request),
  async (options) => {
    try {
      return await pages.handle(options);
    } catch {
      return (await matchPrecache(OFFLINE_PAGE_URL)) ?? Response.error();
    }
  },
);

registerRoute(
  ({ request }) => isPublicApiRequest(request, self.location.origin),
  new NetworkFirst({
    cacheName: OFFLINE_CACHES.api,
    plugins: [
      keepOnlyKeepable,
      new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: DAY_SECONDS / 4, purgeOnQuotaError: true }),
    ],
  }),
);

// Files past the first screen (other pages' chunks, the Latin font subsets) as pages load them.
registerRoute(
  ({ request }) => isHashedAsset(request, self.location.origin),
  new CacheFirst({
    cacheName: OFFLINE_CACHES.assets,
    plugins: [
      keepOnlyKeepable,
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * DAY_SECONDS, purgeOnQuotaError: true }),
    ],
  }),
);

// The images of the pages read: uploads never change under their name.
registerRoute(
  ({ request }) => isUploadedImage(request, self.location.origin),
  new CacheFirst({
    cacheName: OFFLINE_CACHES.images,
    plugins: [
      keepOnlyKeepable,
      new ExpirationPlugin({ maxEntries: 80, maxAgeSeconds: 7 * DAY_SECONDS, purgeOnQuotaError: true }),
    ],
  }),
);

registerRoute(
  ({ request }) => isRuntimeConfig(request, self.location.origin),
  new NetworkFirst({
    cacheName: OFFLINE_CACHES.config,
    plugins: [keepOnlyKeepable, new ExpirationPlugin({ maxEntries: 1 })],
  }),
);

listenForPushes(self);

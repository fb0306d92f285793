/**
 * The caches in which the service worker keeps what was read on this device, by name, so the page can forget
 * them: the worker writes them (src/sw/sw.ts), the sign-out empties them. The app's own code (the precache and
 * the hashed files) holds nothing of anyone and stays.
 */
export const OFFLINE_CACHES = {
  /** Pages read, for reading again without a connection. */
  pages: 'ray-pages',
  /** Public API answers (posts, hashtags, comments) fetched without a session. */
  api: 'ray-public-api',
  /** Uploaded images (posts, avatars) the pages read showed. */
  images: 'ray-images',
  /** The hashed scripts, styles and fonts pages loaded after the first screen. */
  assets: 'ray-assets',
  /** The runtime configuration script every page loads before the app. */
  config: 'ray-config',
} as const;

/** The caches that tell what someone read on this device. */
const READ_BY_SOMEONE = [OFFLINE_CACHES.pages, OFFLINE_CACHES.api, OFFLINE_CACHES.images];

/**
 * Drops the pages, answers and images kept for reading offline, so the next person to use this device finds nothing of
 * the previous one's reading. Best effort: a browser without the Cache API (or with storage blocked) kept none.
 */
export async function forgetOfflineCopies(): Promise<void> {
  if (typeof caches === 'undefined') return;
  try {
    await Promise.all(READ_BY_SOMEONE.map((name) => caches.delete(name)));
  } catch {
    // Storage refused (a private window's quota, a policy): nothing was kept to forget.
  }
}

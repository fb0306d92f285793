import type { ManifestOptions } from 'vite-plugin-pwa';
import { appInstallStrings } from '../src/i18n/app-install.ar.ts';

const copy = appInstallStrings.manifest;

/** The brand green of the header and buttons (brand-600 in styles.css), also index.html's theme-color. */
export const THEME_COLOR = '#1d7a70';
/** The page's own ground (slate-50 in styles.css), so the launch screen does not flash another colour. */
export const BACKGROUND_COLOR = '#f8fafc';

/** Where the installed app opens: the home page, marked so visits from the installed app can be told apart. */
export const START_URL = '/?source=pwa';

const APP_ICON = { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' };

/**
 * The web app manifest (served as /manifest.webmanifest): the app's Arabic name, right-to-left, standalone, with
 * plain and maskable icons (drawn by build/make-icons.ts) and shortcuts to writing a post and to the
 * notifications (routes /create-post and /notifications of src/app/router.tsx).
 */
export function webManifest(): Partial<ManifestOptions> {
  return {
    id: '/',
    name: copy.name,
    short_name: copy.shortName,
    description: copy.description,
    lang: 'ar',
    dir: 'rtl',
    start_url: START_URL,
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    categories: ['social', 'news'],
    prefer_related_applications: false,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
    shortcuts: [
      {
        name: copy.shortcuts.newPost.name,
        short_name: copy.shortcuts.newPost.name,
        description: copy.shortcuts.newPost.description,
        url: '/create-post?source=pwa',
        icons: [APP_ICON],
      },
      {
        name: copy.shortcuts.notifications.name,
        short_name: copy.shortcuts.notifications.name,
        description: copy.shortcuts.notifications.description,
        url: '/notifications?source=pwa',
        icons: [APP_ICON],
      },
    ],
  };
}

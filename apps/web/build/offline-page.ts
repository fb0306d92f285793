import type { Plugin } from 'vite';
import { appInstallStrings } from '../src/i18n/app-install.ar.ts';
import { OFFLINE_PAGE_URL } from '../src/sw/caching-rules.ts';
import { BACKGROUND_COLOR, THEME_COLOR } from './web-manifest.ts';

const copy = appInstallStrings.offlinePage;

/** The app's mark (public/favicon.svg), inline so the page needs nothing else to draw it. */
const MARK =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="72" height="72" aria-hidden="true"><rect width="64" height="64" rx="16" fill="#1d7a70"/><path d="M18 20a6 6 0 0 1 6-6h16a6 6 0 0 1 6 6v14a6 6 0 0 1-6 6h-9l-9 8v-8h-4a6 6 0 0 1-6-6z" fill="#fff"/><circle cx="26" cy="27" r="2.5" fill="#1d7a70"/><circle cx="32" cy="27" r="2.5" fill="#1d7a70"/><circle cx="38" cy="27" r="2.5" fill="#1d7a70"/></svg>';

/**
 * The page for an address never read on this device while there is no connection. It stands alone: its style
 * is inline (the policy allows style elements) and it runs no script, so it shows even when nothing of the app
 * could load. "Try again" links to the page's own address, which the service worker answers anew.
 */
export function offlinePageHtml(): string {
  return `<!doctype html>
<html lang="ar" dir="rtl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="${THEME_COLOR}">
<meta name="robots" content="noindex">
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<title>${copy.title}</title>
<style>
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;min-height:100dvh;display:flex;align-items:center;justify-content:center;padding:24px;background:${BACKGROUND_COLOR};color:#0f172a;font-family:'IBM Plex Sans Arabic',system-ui,'Segoe UI',Tahoma,sans-serif;line-height:1.7}
main{width:100%;max-width:28rem;background:#fff;border:1px solid #e2e8f0;border-radius:1rem;padding:2rem 1.5rem;text-align:center;box-shadow:0 1px 2px rgb(15 23 42/.04),0 1px 3px rgb(15 23 42/.06)}
h1{margin:1rem 0 .5rem;font-size:1.5rem;color:#12524c}
p{margin:0 0 .75rem;color:#334155}
.hint{font-size:.9rem;color:#64748b}
nav{display:flex;flex-wrap:wrap;gap:.75rem;justify-content:center;margin-top:1.5rem}
a{display:inline-block;padding:.6rem 1.25rem;border-radius:.75rem;font-weight:700;text-decoration:none}
.primary{background:${THEME_COLOR};color:#fff}
.secondary{border:1px solid #cbd5e1;color:#12524c}
a:focus-visible{outline:2px solid ${THEME_COLOR};outline-offset:2px}
</style>
</head>
<body>
<main>
${MARK}
<h1>${copy.heading}</h1>
<p>${copy.body}</p>
<p class="hint">${copy.hint}</p>
<nav><a class="primary" href="">${copy.retry}</a><a class="secondary" href="/">${copy.home}</a></nav>
</main>
</body>
</html>
`;
}

/** Adds offline.html to the build. */
export function offlinePage(): Plugin {
  return {
    name: 'ray-offline-page',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: OFFLINE_PAGE_URL.slice(1), source: offlinePageHtml() });
    },
  };
}

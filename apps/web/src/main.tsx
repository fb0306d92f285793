// Two weights of the Arabic font, regular and bold (medium text is written in regular): see build/arabic-font-faces.ts.
import '@fontsource/ibm-plex-sans-arabic/400.css';
import '@fontsource/ibm-plex-sans-arabic/700.css';
import './styles.css';
import { startApp } from './app/start';
import { holdEarlyActions } from './lib/early-actions';

/** Browsers that do not report their first paint start the app after this anyway. */
const FIRST_PAINT_WAIT_MS = 1_000;
/** A whole stylesheet that has not loaded by then no longer holds the app back. */
const STYLESHEET_WAIT_MS = 3_000;

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

const start = () => {
  startApp(container);
};

/**
 * Runs `task` once the page has been painted. A page rendered on the server is readable without the app, so
 * the browser shows it first and the app takes it over right after, instead of holding the first paint while
 * it renders.
 */
function afterFirstPaint(task: () => void) {
  let done = false;
  let observer: PerformanceObserver | null = null;
  const run = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    clearTimeout(timer);
    task();
  };
  const timer = setTimeout(run, FIRST_PAINT_WAIT_MS);
  try {
    observer = new PerformanceObserver((entries) => {
      if (entries.getEntriesByName('first-contentful-paint').length > 0) setTimeout(run, 0);
    });
    observer.observe({ type: 'paint', buffered: true });
  } catch {
    // No paint timing in this browser: the timer starts the app.
  }
}

/**
 * A page rendered on the server carries only the styles its own markup uses, and links the whole stylesheet for
 * print, so that it downloads without holding the first paint back. It applies before the app renders anything
 * else (it has almost always arrived by then; past STYLESHEET_WAIT_MS, as it arrives).
 *
 * The page's own styles declare the font faces already. Declared again by the whole stylesheet, they would be new
 * faces, drawn as soon as they are there: `font-display: optional` keeps text in the system font for the page's
 * life only when the font missed its first paint, so the text would change font (and size) after it. They are
 * left out.
 */
function wholeStylesheet(): Promise<unknown> {
  const link = document.querySelector<HTMLLinkElement>('link[data-app-stylesheet]');
  return new Promise((resolve) => {
    const apply = () => {
      const sheet = link?.sheet;
      if (sheet)
        for (let index = sheet.cssRules.length - 1; index >= 0; index--)
          if (sheet.cssRules[index] instanceof CSSFontFaceRule) sheet.deleteRule(index);
      if (link) link.media = 'all';
      resolve(0);
    };
    if (!link || link.sheet) apply();
    else {
      setTimeout(apply, STYLESHEET_WAIT_MS);
      link.onload = link.onerror = apply;
    }
  });
}

// The browser's install prompt may come before the code that offers it (app/pwa.tsx) has loaded; it is held
// back (no mini bar on a first visit) and handed over.
let installPrompt: Event | null = null;
const holdInstallPrompt = (event: Event) => {
  event.preventDefault();
  installPrompt = event;
};
addEventListener('beforeinstallprompt', holdInstallPrompt);
const startPwa = () => {
  import('./app/pwa').then(
    (pwa) => {
      removeEventListener('beforeinstallprompt', holdInstallPrompt);
      pwa.startPwa(installPrompt);
    },
    () => undefined,
  );
};
// After the load, once the main thread is idle: the app's own hydration comes first.
addEventListener(
  'load',
  () => {
    if ('requestIdleCallback' in window) requestIdleCallback(startPwa, { timeout: 4_000 });
    else setTimeout(startPwa, 1_000);
  },
  { once: true },
);

// A page rendered on the server arrives with its first screen already in #root, which can be clicked before the
// app has taken it over.
if (container.firstElementChild) {
  holdEarlyActions();
  afterFirstPaint(() => {
    void wholeStylesheet().then(start);
  });
} else {
  start();
}

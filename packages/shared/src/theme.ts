/**
 * The colour theme. Admins offer the dark theme to everyone (the runtime configuration's `features.darkMode`);
 * each device then keeps its reader's choice of light, dark or the system's own preference.
 */
export const THEME_CHOICES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];

/** Where a device keeps its reader's choice (localStorage). No choice means the system's preference. */
export const THEME_STORAGE_KEY = 'ray-theme';

/** Set by the server on `<html>` while admins offer the dark theme: every page, rendered or not, says so. */
export const DARK_MODE_ATTRIBUTE = 'data-dark-mode';

/** Set on `<html>` to `dark` while the dark theme is shown; the stylesheet's dark colours hang on it. */
export const THEME_ATTRIBUTE = 'data-theme';

/**
 * Runs in `<head>` before anything is painted, so a page never shows the light theme first and then turns dark.
 * Inline, because a script file would hold the first paint back by a request; the Content-Security-Policy
 * allows exactly this text by its hash, so it is written once, here, and the build and the server both read it.
 */
export const THEME_SCRIPT = `(function(){var d=document.documentElement;try{if(d.getAttribute('${DARK_MODE_ATTRIBUTE}')!=='on')return;var c=localStorage.getItem('${THEME_STORAGE_KEY}');if(c==='dark'||(c!=='light'&&matchMedia('(prefers-color-scheme: dark)').matches))d.setAttribute('${THEME_ATTRIBUTE}','dark')}catch(e){}})()`;

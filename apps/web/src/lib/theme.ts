import { useSyncExternalStore } from 'react';
import {
  DARK_MODE_ATTRIBUTE,
  THEME_ATTRIBUTE,
  THEME_CHOICES,
  THEME_STORAGE_KEY,
  type ThemeChoice,
} from '@ray/shared/theme';

const DARK_QUERY = '(prefers-color-scheme: dark)';
/** The browser bar's colour in each theme: the header's brand green by day, the dark ground at night. */
const BAR_COLOURS = { light: '#1d7a70', dark: '#0b1120' } as const;

const listeners = new Set<() => void>();
/** The choice made on this page, which holds even where storage refused to keep it (private modes). */
let chosen: ThemeChoice | undefined;

/** Whether admins offer the dark theme: the server says so on `<html>` of every page. */
export function darkModeOffered(): boolean {
  return document.documentElement.getAttribute(DARK_MODE_ATTRIBUTE) === 'on';
}

/** This device's choice; the system's preference when it made none (or storage cannot be read). */
export function themeChoice(): ThemeChoice {
  if (chosen) return chosen;
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return (THEME_CHOICES as readonly (string | null)[]).includes(stored)
      ? (stored as ThemeChoice)
      : 'system';
  } catch {
    return 'system';
  }
}

/** Shows the theme the choice and the system call for, as the head's script did before the first paint. */
export function applyTheme(): void {
  const root = document.documentElement;
  const choice = themeChoice();
  const dark =
    darkModeOffered() && (choice === 'dark' || (choice === 'system' && matchMedia(DARK_QUERY).matches));
  if (dark) root.setAttribute(THEME_ATTRIBUTE, 'dark');
  else root.removeAttribute(THEME_ATTRIBUTE);
  document
    .querySelector('meta[name="theme-color"]')
    ?.setAttribute('content', dark ? BAR_COLOURS.dark : BAR_COLOURS.light);
  for (const listener of listeners) listener();
}

/** Keeps the choice on this device and shows it at once. */
export function chooseTheme(choice: ThemeChoice): void {
  chosen = choice;
  try {
    if (choice === 'system') localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Kept for this page only.
  }
  applyTheme();
}

/** An admin's switch takes effect on their own page at once; other pages follow at their next load. */
export function setDarkModeOffered(offered: boolean): void {
  if (offered) document.documentElement.setAttribute(DARK_MODE_ATTRIBUTE, 'on');
  else document.documentElement.removeAttribute(DARK_MODE_ATTRIBUTE);
  applyTheme();
  startTheme();
}

let following = false;

/**
 * Shows the theme, then follows the system's preference while the device keeps to it, and a choice made in
 * another tab. Nothing to do while the dark theme is not offered.
 */
export function startTheme(): void {
  if (!darkModeOffered()) return;
  applyTheme();
  if (following) return;
  following = true;
  matchMedia(DARK_QUERY).addEventListener('change', () => {
    if (themeChoice() === 'system') applyTheme();
  });
  addEventListener('storage', (event) => {
    if (event.key !== THEME_STORAGE_KEY && event.key !== null) return;
    chosen = undefined;
    applyTheme();
  });
}

export function subscribeToTheme(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** This device's choice, and whether there is one to make, kept current as either changes. */
export function useThemeChoice(): { offered: boolean; choice: ThemeChoice } {
  const offered = useSyncExternalStore(subscribeToTheme, darkModeOffered, () => false);
  const choice = useSyncExternalStore(subscribeToTheme, themeChoice, (): ThemeChoice => 'system');
  return { offered, choice };
}

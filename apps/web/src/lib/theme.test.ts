// @vitest-environment jsdom
import { runInThisContext } from 'node:vm';
import { THEME_SCRIPT, THEME_STORAGE_KEY } from '@ray/shared/theme';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Listener = () => void;

/** The system's preference, which a test can change while the page is open. */
let systemDark = false;
let systemListeners: Listener[] = [];

beforeEach(() => {
  vi.resetModules();
  systemDark = false;
  systemListeners = [];
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      get matches() {
        return query === '(prefers-color-scheme: dark)' && systemDark;
      },
      media: query,
      addEventListener: (_type: string, listener: Listener) => {
        systemListeners.push(listener);
      },
      removeEventListener: () => undefined,
    })),
  );
  document.head.innerHTML = '<meta name="theme-color" content="#1d7a70">';
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  const root = document.documentElement;
  root.removeAttribute('data-dark-mode');
  root.removeAttribute('data-theme');
});

const offer = () => {
  document.documentElement.setAttribute('data-dark-mode', 'on');
};
const shown = () => document.documentElement.getAttribute('data-theme');
/** The head's script, run as a page runs it. */
const runHeadScript = () => {
  runInThisContext(THEME_SCRIPT);
};

describe('the head script, before the first paint', () => {
  it('shows the light theme whatever the device wants while admins do not offer the dark one', () => {
    systemDark = true;
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    runHeadScript();
    expect(shown()).toBeNull();
  });

  it('follows a dark system when the device made no choice', () => {
    offer();
    systemDark = true;
    runHeadScript();
    expect(shown()).toBe('dark');
  });

  it('keeps the device to its choice against the system, both ways', () => {
    offer();
    systemDark = true;
    localStorage.setItem(THEME_STORAGE_KEY, 'light');
    runHeadScript();
    expect(shown()).toBeNull();

    systemDark = false;
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    runHeadScript();
    expect(shown()).toBe('dark');
  });

  it('leaves the page light, without an error, where storage cannot be read', () => {
    offer();
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    expect(runHeadScript).not.toThrow();
    expect(shown()).toBeNull();
  });
});

describe('choosing the theme on a device', () => {
  it('shows and keeps the choice, colours the browser bar, and forgets it for the system', async () => {
    const theme = await import('./theme');
    offer();
    theme.chooseTheme('dark');
    expect(shown()).toBe('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(document.querySelector('meta[name="theme-color"]')?.getAttribute('content')).toBe('#0b1120');

    theme.chooseTheme('light');
    expect(shown()).toBeNull();
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    expect(document.querySelector('meta[name="theme-color"]')?.getAttribute('content')).toBe('#1d7a70');

    theme.chooseTheme('system');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
    expect(theme.themeChoice()).toBe('system');
  });

  it('follows the system as it changes while the device keeps to it, and not once it chose', async () => {
    const theme = await import('./theme');
    offer();
    theme.startTheme();
    expect(shown()).toBeNull();
    systemDark = true;
    for (const listener of systemListeners) listener();
    expect(shown()).toBe('dark');

    theme.chooseTheme('light');
    systemDark = false;
    for (const listener of systemListeners) listener();
    systemDark = true;
    for (const listener of systemListeners) listener();
    expect(shown()).toBeNull();
  });

  it('holds a choice for the page where storage refuses to keep it', async () => {
    const theme = await import('./theme');
    offer();
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    theme.chooseTheme('dark');
    expect(shown()).toBe('dark');
    expect(theme.themeChoice()).toBe('dark');
  });

  it('shows nothing dark, whatever was chosen, once admins take the dark theme back', async () => {
    const theme = await import('./theme');
    offer();
    theme.chooseTheme('dark');
    theme.setDarkModeOffered(false);
    expect(shown()).toBeNull();
    theme.setDarkModeOffered(true);
    expect(shown()).toBe('dark');
  });
});

import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { appInstallStrings } from '../src/i18n/app-install.ar';
import { offlinePageHtml } from './offline-page';
import { firstScreenFiles } from './service-worker';
import { BACKGROUND_COLOR, THEME_COLOR, webManifest } from './web-manifest';

const web = (file: string) => fileURLToPath(new URL(`../${file}`, import.meta.url));
const manifest = webManifest();

describe('the web app manifest', () => {
  it('names the app in Arabic, right to left, standalone, opening home within its scope', () => {
    expect(manifest).toMatchObject({
      name: 'رأي',
      short_name: 'رأي',
      lang: 'ar',
      dir: 'rtl',
      display: 'standalone',
      scope: '/',
      id: '/',
    });
    expect(manifest.description).toMatch(/[\u0600-\u06FF]/);
    const start = new URL(manifest.start_url ?? '', 'https://ray.example');
    expect(start.pathname).toBe('/');
  });

  it('takes its colours from the page: the theme-color of index.html and the page ground', () => {
    const html = readFileSync(web('index.html'), 'utf8');
    expect(html).toContain(`<meta name="theme-color" content="${THEME_COLOR}" />`);
    expect(manifest.theme_color).toBe(THEME_COLOR);
    expect(manifest.background_color).toBe(BACKGROUND_COLOR);
    expect(html).toContain('<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />');
    expect(existsSync(web('public/icons/apple-touch-icon.png'))).toBe(true);
  });

  it('lists PNG icons of 192 and 512 pixels for any use and as maskable, each file of the size it says', async () => {
    const icons = manifest.icons ?? [];
    for (const purpose of ['any', 'maskable'])
      expect(icons.filter((icon) => icon.purpose === purpose).map((icon) => icon.sizes)).toEqual([
        '192x192',
        '512x512',
      ]);
    for (const icon of icons) {
      const meta = await sharp(web(`public${icon.src}`)).metadata();
      expect(`${meta.width}x${meta.height}`, icon.src).toBe(icon.sizes);
      expect(meta.format).toBe('png');
    }
  });

  it('keeps the mark of the maskable icons inside the safe zone, the square filled to its edges', async () => {
    for (const icon of (manifest.icons ?? []).filter((candidate) => candidate.purpose === 'maskable')) {
      const { data, info } = await sharp(web(`public${icon.src}`))
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const size = info.width;
      const [r, g, b] = [1, 3, 5].map((at) => parseInt(THEME_COLOR.slice(at, at + 2), 16));
      let outside = 0;
      const strays: string[] = [];
      for (let y = 0; y < size; y++)
        for (let x = 0; x < size; x++) {
          // Outside the circle of 40% of the size around the centre, a mask may cut: only the ground is there.
          if (Math.hypot(x + 0.5 - size / 2, y + 0.5 - size / 2) <= size * 0.4) continue;
          outside += 1;
          const at = (y * size + x) * 4;
          if (data[at] !== r || data[at + 1] !== g || data[at + 2] !== b || data[at + 3] !== 255)
            strays.push(`${x},${y}`);
        }
      expect(outside).toBeGreaterThan(0);
      expect(strays.slice(0, 10), icon.src).toEqual([]);
    }
  });

  it('has Arabic shortcuts to writing a post and to the notifications, both routes of the app', () => {
    const router = readFileSync(web('src/app/router.tsx'), 'utf8');
    const shortcuts = manifest.shortcuts ?? [];
    expect(shortcuts.map((shortcut) => shortcut.name)).toEqual([
      appInstallStrings.manifest.shortcuts.newPost.name,
      appInstallStrings.manifest.shortcuts.notifications.name,
    ]);
    expect(shortcuts.map((shortcut) => new URL(shortcut.url, 'https://ray.example').pathname)).toEqual([
      '/create-post',
      '/notifications',
    ]);
    for (const shortcut of shortcuts) {
      const path = new URL(shortcut.url, 'https://ray.example').pathname.slice(1);
      expect(router).toContain(`path: '${path}'`);
      expect(shortcut.name).toMatch(/[\u0600-\u06FF]/);
    }
  });
});

describe('the offline page', () => {
  it('is an Arabic right-to-left page that needs no script and links back to the address it stands for', () => {
    const html = offlinePageHtml();
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain(`<h1>${appInstallStrings.offlinePage.heading}</h1>`);
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain(`href="">${appInstallStrings.offlinePage.retry}</a>`);
  });
});

describe('the precached first screen', () => {
  it('is what the built index.html loads from /assets/, and nothing from elsewhere', () => {
    const html = `<script type="module" crossorigin src="/assets/index-CWoBOa1i.js"></script>
<link rel="modulepreload" crossorigin href="/assets/app-9soUkyYJ.js">
<link rel="stylesheet" crossorigin href="/assets/index-IckahAJe.css">
<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/arabic-400-CyU.woff2">
<link rel="icon" type="image/svg+xml" href="/favicon.svg"><script src="/config/env.js" defer></script>`;
    expect([...firstScreenFiles(html)]).toEqual([
      'assets/index-CWoBOa1i.js',
      'assets/app-9soUkyYJ.js',
      'assets/index-IckahAJe.css',
      'assets/arabic-400-CyU.woff2',
    ]);
  });
});

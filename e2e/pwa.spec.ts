import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type Page } from '@playwright/test';
import { login, logout, PHONE, screenshot } from './support/helpers';

const WIDE = { width: 1366, height: 900 };
const BASE_URL = `http://localhost:${process.env.E2E_PORT ?? 3100}`;

/** Waits until the service worker is active and controls the page (it claims open pages as it activates). */
async function workerInControl(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/** Every cached request, by cache name, with whether it carried a session. */
function cachedRequests(page: Page) {
  return page.evaluate(async () => {
    const found: Record<string, { url: string; authorization: string | null }[]> = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      found[name] = (await cache.keys()).map((request) => ({
        url: new URL(request.url).pathname + new URL(request.url).search,
        authorization: request.headers.get('authorization'),
      }));
    }
    return found;
  });
}

/** The first post of the home feed, by its address. */
async function firstPostPath(page: Page): Promise<string> {
  const card = page.getByTestId('post-card').first();
  await expect(card).toBeVisible();
  return `/posts/${await card.getAttribute('data-post-id')}`;
}

/** A stand-in for Chromium's install prompt, which a test browser does not give on its own. */
async function offerInstallPrompt(page: Page) {
  await page.evaluate(() => {
    const event = new Event('beforeinstallprompt', { cancelable: true });
    Object.assign(event, {
      prompt: () => Promise.resolve(),
      userChoice: Promise.resolve({ outcome: 'dismissed' }),
    });
    window.dispatchEvent(event);
  });
}

test.describe('the installable app', () => {
  test('the home page is installable once its worker is active, with no installability error', async () => {
    // An incognito profile (Playwright's usual context) is never installable: this test has a profile of its own.
    const profile = mkdtempSync(path.join(tmpdir(), 'ray-pwa-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
      baseURL: BASE_URL,
      locale: 'ar-SA',
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto('/');
      await workerInControl(page);
      const cdp = await context.newCDPSession(page);
      await expect
        .poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors, {
          timeout: 15_000,
        })
        .toEqual([]);
      const manifest = await cdp.send('Page.getAppManifest');
      expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
      expect(manifest.errors).toEqual([]);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  test('the manifest reads right to left in Arabic, and every icon it names loads', async ({
    page,
    request,
  }) => {
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#1d7a70');
    await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute(
      'href',
      '/icons/apple-touch-icon.png',
    );

    const answer = await request.get('/manifest.webmanifest');
    expect(answer.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    expect(answer.headers()['cache-control']).toBe('no-cache');
    const manifest = (await answer.json()) as {
      name: string;
      dir: string;
      lang: string;
      start_url: string;
      icons: { src: string; sizes: string; purpose: string }[];
      shortcuts: { name: string; url: string }[];
    };
    expect(manifest).toMatchObject({ name: 'رأي', dir: 'rtl', lang: 'ar', display: 'standalone' });
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
      '192x192 any',
      '192x192 maskable',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const src of [...manifest.icons.map((icon) => icon.src), '/icons/apple-touch-icon.png']) {
      const icon = await request.get(src);
      expect(icon.status(), src).toBe(200);
      expect(icon.headers()['content-type'], src).toBe('image/png');
    }
    expect(manifest.shortcuts.map((shortcut) => shortcut.name)).toEqual(['رأي جديد', 'الإشعارات']);

    const worker = await request.get('/sw.js');
    expect(worker.headers()['content-type']).toMatch(/javascript/);
    expect(worker.headers()['cache-control']).toBe('no-cache');
  });

  test('offline, the banner shows, a post read before opens again, and a page never read gives the offline page', async ({
    page,
    context,
  }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/');
    await workerInControl(page);
    // Read through the worker: the home page and a post.
    await page.reload();
    const post = await firstPostPath(page);
    await page.goto(post);
    const title = await page.title();
    await expect(page.getByRole('heading', { name: /التعليقات/ })).toBeVisible();
    await page.waitForLoadState('networkidle');

    await context.setOffline(true);
    const banner = page.getByRole('status').filter({ hasText: 'غير متصل' });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText('الصفحات التي قرأتها مؤخرًا');
    // It hangs under the site header, which stays usable.
    const header = await page.getByRole('banner').boundingBox();
    const notice = await banner.getByText('غير متصل').boundingBox();
    expect(notice?.y).toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0));
    await screenshot(page, 'pwa-offline-banner-phone');
    await page.setViewportSize(WIDE);
    await screenshot(page, 'pwa-offline-banner-desktop');

    await page.reload();
    await expect(page).toHaveTitle(title);
    await expect(page.getByRole('heading', { name: /التعليقات/ })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'غير متصل' })).toBeVisible();

    await page.goto('/faq');
    await expect(page.getByRole('heading', { name: 'غير متصل', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'أعد المحاولة' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await screenshot(page, 'pwa-offline-page-desktop');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'pwa-offline-page-phone');

    await context.setOffline(false);
    await page.getByRole('link', { name: 'أعد المحاولة' }).click();
    await expect(page.getByTestId('faq-item').first()).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'غير متصل' })).toHaveCount(0);
  });

  test('signing out forgets the pages kept for offline reading, and no answer of a session is ever kept', async ({
    page,
  }) => {
    await page.goto('/');
    await workerInControl(page);
    await login(page, 'noura@ray.sa', 'Demo1234');
    await page.goto('/');
    const post = await firstPostPath(page);
    await page.goto(post);
    await expect(page.getByRole('heading', { name: /التعليقات/ })).toBeVisible();
    await page.goto('/notifications');
    await page.waitForLoadState('networkidle');

    const signedIn = await cachedRequests(page);
    expect(signedIn['ray-pages']?.map((entry) => entry.url)).toContain(post);

    await logout(page);
    const after = await cachedRequests(page);
    const kept = Object.values(after).flat();
    expect(kept.filter((entry) => entry.authorization !== null)).toEqual([]);
    expect(
      kept.filter((entry) =>
        /^\/api\/(account|notifications|push|admin|users|bookmarks|votes)(\/|$|\?)/.test(entry.url),
      ),
    ).toEqual([]);
    const pages = (after['ray-pages'] ?? []).map((entry) => entry.url);
    expect(pages).not.toContain(post);
    expect(pages).not.toContain('/notifications');
  });

  test('install is offered after some use, never on a first visit, and never again once dismissed', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/');
    await expect(page.locator('#ray-app-extras')).toBeAttached();
    await offerInstallPrompt(page);
    const card = page.getByRole('region', { name: 'ثبّت رأي على جهازك' });
    // A first visit: the browser is ready, the app does not ask.
    await expect(card).toHaveCount(0);

    // Back on another day.
    await page.evaluate(() => {
      localStorage.setItem(
        'ray.installOffer',
        JSON.stringify({ days: ['2026-01-01'], visits: 1, postsOpened: 0, settled: null }),
      );
      sessionStorage.clear();
    });
    await page.reload();
    await expect(page.locator('#ray-app-extras')).toBeAttached();
    await offerInstallPrompt(page);
    await expect(card).toBeVisible();
    await expect(card.getByRole('button', { name: 'تثبيت' })).toBeVisible();
    await card.evaluate((element) =>
      Promise.all(element.getAnimations().map((animation) => animation.finished)),
    );
    await screenshot(page, 'pwa-install-card-phone');
    await page.setViewportSize(WIDE);
    await screenshot(page, 'pwa-install-card-desktop');

    await card.getByRole('button', { name: 'ليس الآن' }).click();
    await expect(card).toHaveCount(0);
    await page.evaluate(() => {
      sessionStorage.clear();
    });
    await page.reload();
    await expect(page.locator('#ray-app-extras')).toBeAttached();
    await offerInstallPrompt(page);
    await expect(card).toHaveCount(0);
  });
});

import { expect, request, test, type Browser, type Page } from '@playwright/test';
import { PHONE, login, screenshot } from './support/helpers';

const ADMIN = { email: 'admin@ray.sa', password: 'Admin1234' };
const USER = { email: 'noura@ray.sa', password: 'Demo1234' };
const WIDE = { width: 1366, height: 900 };

/** Sets the admins' switch through the API, so no other browser test meets the dark theme. */
async function offerDarkMode(baseURL: string, darkMode: boolean) {
  const api = await request.newContext({ baseURL });
  try {
    const signIn = await api.post('/api/account/login', {
      data: { username: ADMIN.email, password: ADMIN.password },
    });
    const { token } = (await signIn.json()) as { token: string };
    const saved = await api.put('/api/config', {
      data: { darkMode },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(saved.status()).toBe(200);
  } finally {
    await api.dispose();
  }
}

/**
 * A page in a browser whose system prefers `scheme`. It notes the theme of the first frame the page draws
 * (animation frames run before their paint) and every Content-Security-Policy refusal: the theme's script is
 * inline and runs only because the policy allows its hash.
 */
async function pageFor(
  browser: Browser,
  scheme: 'light' | 'dark',
  viewport: { width: number; height: number } = PHONE,
): Promise<{ page: Page; refusals: string[] }> {
  const context = await browser.newContext({ viewport, colorScheme: scheme });
  await context.addInitScript(() => {
    requestAnimationFrame(() => {
      (window as unknown as { firstFrameTheme: string | null }).firstFrameTheme =
        document.documentElement.getAttribute('data-theme');
    });
  });
  const page = await context.newPage();
  const refusals: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
      refusals.push(message.text());
  });
  return { page, refusals };
}

const firstFrameTheme = (page: Page) =>
  page.evaluate(() => (window as unknown as { firstFrameTheme?: string | null }).firstFrameTheme ?? null);

/** The page's ground: dark grounds have little light (sRGB channels read from the computed colour). */
async function groundIsDark(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const probe = document.createElement('canvas').getContext('2d')!;
    probe.fillStyle = getComputedStyle(document.body).backgroundColor;
    probe.fillRect(0, 0, 1, 1);
    const [r, g, b] = probe.getImageData(0, 0, 1, 1).data;
    return (r! + g! + b!) / 3 < 60;
  });
}

const themeChoice = (page: Page, name: string) => page.getByRole('menuitemradio', { name });

test.describe('the dark theme', () => {
  test.afterAll(async ({ baseURL }) => {
    await offerDarkMode(baseURL!, false);
  });

  test('offered by an admin, it follows a dark system from the first frame; a reader picks their own', async ({
    browser,
  }) => {
    test.setTimeout(120_000);

    // Not offered yet: a dark system still gets the light theme, and the account menu offers no choice.
    const before = await pageFor(browser, 'dark');
    await before.page.goto('/');
    await expect(before.page.locator('html')).not.toHaveAttribute('data-dark-mode', 'on');
    expect(await firstFrameTheme(before.page)).toBeNull();
    expect(await groundIsDark(before.page)).toBe(false);

    // The admin offers it from the admin page.
    const admin = (await pageFor(browser, 'light', WIDE)).page;
    await login(admin, ADMIN.email, ADMIN.password);
    await admin.goto('/admin');
    await admin.getByRole('link', { name: 'المظهر' }).click();
    await expect(admin).toHaveURL(/\/admin\/appearance$/);
    await expect(admin.getByTestId('dark-mode-state')).toHaveText('غير متاح');
    const toggle = admin.getByRole('switch', { name: 'إتاحة المظهر الداكن' });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await expect(admin.getByTestId('dark-mode-state')).toHaveText('متاح الآن');
    await expect(admin.locator('html')).toHaveAttribute('data-dark-mode', 'on');
    // The admin's own system is light: nothing turns dark for them.
    await expect(admin.locator('html')).not.toHaveAttribute('data-theme', 'dark');
    await screenshot(admin, 'polish-dark-admin-switch-desktop');

    // A visitor whose system is dark: dark from the very first frame, rendered on the server or not.
    const visitor = await pageFor(browser, 'dark');
    for (const path of ['/', '/trends', '/login']) {
      await visitor.page.goto(path);
      expect(await firstFrameTheme(visitor.page), path).toBe('dark');
      expect(await groundIsDark(visitor.page), path).toBe(true);
    }
    await visitor.page.goto('/');
    await expect(visitor.page.locator('[data-post-id]').first()).toBeVisible();
    await screenshot(visitor.page, 'polish-dark-home-phone');
    await visitor.page.setViewportSize(WIDE);
    await screenshot(visitor.page, 'polish-dark-home-desktop');
    expect(visitor.refusals).toEqual([]);

    // A visitor whose system is light keeps the light theme.
    const light = await pageFor(browser, 'light');
    await light.page.goto('/');
    expect(await firstFrameTheme(light.page)).toBeNull();
    expect(await groundIsDark(light.page)).toBe(false);

    // A reader on a dark system picks the light theme in their account menu; the device keeps it.
    const reader = await pageFor(browser, 'dark');
    await login(reader.page, USER.email, USER.password);
    await reader.page.getByRole('button', { name: 'قائمة الحساب' }).click();
    await expect(reader.page.getByRole('group', { name: 'المظهر' })).toBeVisible();
    await expect(themeChoice(reader.page, 'حسب الجهاز')).toHaveAttribute('aria-checked', 'true');
    await screenshot(reader.page, 'polish-dark-menu-phone');
    await themeChoice(reader.page, 'فاتح').click();
    await expect(themeChoice(reader.page, 'فاتح')).toHaveAttribute('aria-checked', 'true');
    await expect(reader.page.locator('html')).not.toHaveAttribute('data-theme', 'dark');
    await reader.page.keyboard.press('Escape');
    await reader.page.reload();
    expect(await firstFrameTheme(reader.page)).toBeNull();
    expect(await groundIsDark(reader.page)).toBe(false);

    // Back to the system's preference, then taken back by the admin: light for everyone, no choice left.
    await reader.page.getByRole('button', { name: 'قائمة الحساب' }).click();
    await themeChoice(reader.page, 'حسب الجهاز').click();
    await expect(reader.page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await reader.page.keyboard.press('Escape');

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await expect(admin.getByTestId('dark-mode-state')).toHaveText('غير متاح');
    await reader.page.reload();
    expect(await firstFrameTheme(reader.page)).toBeNull();
    expect(await groundIsDark(reader.page)).toBe(false);
    await reader.page.getByRole('button', { name: 'قائمة الحساب' }).click();
    await expect(reader.page.getByRole('menuitem', { name: 'الإعدادات' })).toBeVisible();
    await expect(reader.page.getByRole('group', { name: 'المظهر' })).toHaveCount(0);
    expect(reader.refusals).toEqual([]);
  });
});

import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { login, PHONE, screenshot } from './support/helpers';

const WIDE = { width: 1366, height: 900 };
const MEMBER = { email: 'noura@ray.sa', password: 'Demo1234' };
const OTHER = { email: 'sara@ray.sa', password: 'Demo1234' };
/** The badge's cap (UNREAD_BADGE_MAX in the shared constants). */
const BADGE_MAX = 9;

/** The phone's tab bar: the one navigation that holds the new-post page. */
const tabBar = (page: Page) => page.locator('nav', { has: page.locator('a[href="/create-post"]') });

async function signIn(request: APIRequestContext, who: { email: string; password: string }) {
  const response = await request.post('/api/account/login', {
    data: { username: who.email, password: who.password },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

async function send<T>(request: APIRequestContext, url: string, token: string, data: unknown): Promise<T> {
  const response = await request.post(url, { data, headers: { authorization: `Bearer ${token}` } });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()) as T;
}

/** Sara comments on a new post of Noura's, so Noura has at least one unread notification; answers her count. */
async function giveUnread(request: APIRequestContext): Promise<number> {
  const noura = await signIn(request, MEMBER);
  const sara = await signIn(request, OTHER);
  const post = await send<{ id: number }>(request, '/api/posts', noura, {
    content: `من يقترح كتاباً خفيفاً لعطلة نهاية الأسبوع؟ ${randomBytes(3).toString('hex')}`,
  });
  await send(request, '/api/comments', sara, { postId: post.id, content: 'رواية «ساق البامبو» تستحق' });
  const response = await request.get('/api/notifications/user/unread-count', {
    headers: { authorization: `Bearer ${noura}` },
  });
  const answer = (await response.json()) as number | { count: number };
  const count = typeof answer === 'number' ? answer : answer.count;
  expect(count).toBeGreaterThan(0);
  return count;
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, 'the element has a box').not.toBeNull();
  return found!;
}

/** Scrolls to the very end of a long page and waits for it to stay there. */
async function scrollToEnd(page: Page) {
  await expect
    .poll(async () =>
      page.evaluate(() => {
        window.scrollTo(0, document.documentElement.scrollHeight);
        return Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight;
      }),
    )
    .toBe(true);
}

test.describe('the feed first on a phone', () => {
  test('a member sees the first post within the first screen, above the tab bar with the unread count', async ({
    page,
    request,
  }) => {
    const unread = await giveUnread(request);
    await page.setViewportSize(PHONE);
    await login(page, MEMBER.email, MEMBER.password);
    await page.goto('/');

    const bar = tabBar(page);
    await expect(bar).toBeVisible();
    const tabs = bar.getByRole('link');
    await expect(tabs).toHaveCount(5);
    for (const [index, name] of ['الرئيسية', 'الترندات', 'إنشاء', /^الإشعارات/, 'حسابي'].entries()) {
      await expect(tabs.nth(index)).toHaveAccessibleName(name);
    }
    await expect(bar.getByRole('link', { name: 'الرئيسية' })).toHaveAttribute('aria-current', 'page');
    await expect(bar.getByTestId('tab-unread-badge')).toHaveText(
      unread > BADGE_MAX ? `${BADGE_MAX}+` : String(unread),
    );
    await expect(bar.getByRole('link', { name: /^الإشعارات، .+ غير مقروءة$/ })).toBeVisible();
    // The floating button gives way to the tab bar's «إنشاء».
    await expect(page.getByRole('button', { name: 'إنشاء منشور' })).toBeHidden();

    // No welcome band for a member, and the composer is a single line until opened.
    await expect(page.locator('#home-hero-title')).toHaveCount(0);
    const line = page.getByRole('button', { name: 'بماذا تفكر؟' });
    await expect(line).toBeVisible();
    await expect(page.getByLabel('محتوى المنشور')).toHaveCount(0);

    const first = page.getByTestId('post-card').first();
    await expect(first).toBeVisible();
    const barBox = await box(bar);
    const firstBox = await box(first);
    expect(firstBox.y).toBeLessThan(PHONE.height - barBox.height);
    // Nor does an ad sit above it.
    for (const ad of await page.locator('[data-ad-placement]').all()) {
      if (await ad.isVisible()) expect((await box(ad)).y).toBeGreaterThan(firstBox.y);
    }
    await screenshot(page, 'polish-feed-phone-member');

    // Opening the line brings the whole composer, focused.
    await line.click();
    await expect(page.getByLabel('محتوى المنشور')).toBeFocused();
    await expect(page.getByRole('button', { name: 'نشر', exact: true })).toBeVisible();
    await screenshot(page, 'polish-feed-phone-composer');
  });

  test('the tab bar goes to each place and marks it', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await login(page, MEMBER.email, MEMBER.password);
    await page.goto('/');
    const bar = tabBar(page);

    for (const [name, path] of [
      ['الترندات', /\/trends$/],
      [/^الإشعارات/, /\/notifications$/],
      ['حسابي', /\/profile\/[^/]+$/],
      ['إنشاء', /\/create-post$/],
      ['الرئيسية', /\/$/],
    ] as const) {
      const tab = bar.getByRole('link', { name });
      await tab.click();
      await expect(page).toHaveURL(path);
      await expect(tab).toHaveAttribute('aria-current', 'page');
      await expect(bar.locator('[aria-current="page"]')).toHaveCount(1);
    }
    await expect(page.getByRole('heading', { name: 'ماذا يقول الناس اليوم؟', level: 1 })).toBeAttached();
  });

  test('nothing at the end of a long page hides behind the tab bar', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await login(page, MEMBER.email, MEMBER.password);
    for (const path of ['/faq', '/trends']) {
      await page.goto(path);
      await expect(page.getByRole('contentinfo')).toBeAttached();
      await page.waitForLoadState('networkidle');
      await scrollToEnd(page);
      const barTop = (await box(tabBar(page))).y;
      const last = page.getByRole('contentinfo').locator(':scope > :last-child');
      const lastBox = await box(last);
      expect(lastBox.y + lastBox.height).toBeLessThanOrEqual(barTop + 0.5);
      if (path === '/faq') await screenshot(page, 'polish-feed-phone-end');
    }
  });

  test('a visitor keeps the welcome band, and the tab bar offers signing in', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'ماذا يقول الناس اليوم؟', level: 1 })).toBeVisible();
    const bar = tabBar(page);
    await expect(bar.getByRole('link')).toHaveCount(5);
    await expect(bar.getByTestId('tab-unread-badge')).toHaveCount(0);
    await expect(page.getByTestId('post-card').first()).toBeVisible();
    await screenshot(page, 'polish-feed-phone-visitor');
    await bar.getByRole('link', { name: 'حسابي' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'تسجيل الدخول' })).toBeVisible();
  });
});

test.describe('the feed first on a wide screen', () => {
  test('no tab bar; the floating button stays clear of the page', async ({ page }) => {
    await page.setViewportSize(WIDE);
    await login(page, MEMBER.email, MEMBER.password);
    await page.goto('/');
    await expect(page.getByTestId('post-card').first()).toBeVisible();
    await expect(tabBar(page)).toBeHidden();
    await expect(page.locator('#home-hero-title')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'بماذا تفكر؟' })).toBeVisible();
    const first = await box(page.getByTestId('post-card').first());
    expect(first.y).toBeLessThan(WIDE.height);
    await screenshot(page, 'polish-feed-wide-member');

    await page.goto('/faq');
    await page.waitForLoadState('networkidle');
    await scrollToEnd(page);
    const fab = await box(page.getByRole('button', { name: 'إنشاء منشور' }));
    for (const element of await page
      .locator('main')
      .or(page.getByRole('contentinfo').locator('a, p'))
      .all()) {
      const other = await box(element);
      const apart =
        other.x + other.width <= fab.x ||
        fab.x + fab.width <= other.x ||
        other.y + other.height <= fab.y ||
        fab.y + fab.height <= other.y;
      expect(
        apart,
        `the floating button covers ${await element.evaluate((node) => node.outerHTML.slice(0, 80))}`,
      ).toBe(true);
    }
  });

  test('a visitor sees the welcome band and no tab bar', async ({ page }) => {
    await page.setViewportSize(WIDE);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'ماذا يقول الناس اليوم؟', level: 1 })).toBeVisible();
    await expect(tabBar(page)).toBeHidden();
    await expect(page.getByTestId('post-card').first()).toBeVisible();
    await screenshot(page, 'polish-feed-wide-visitor');
  });
});

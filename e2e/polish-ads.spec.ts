import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { login, PHONE, screenshot } from './support/helpers';

const WIDE = { width: 1366, height: 900 };
/** Posts per feed page (spec section 9), and the most ads such a page may carry. */
const PAGE_SIZE = 10;
const ADS_PER_PAGE = 2;

async function adminToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/account/login', {
    data: { username: 'admin@ray.sa', password: 'Admin1234' },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

async function clicksOf(request: APIRequestContext, token: string, id: string): Promise<number> {
  const response = await request.get(`/api/admin/ads/${id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { clicks: number }).clicks;
}

/** How many ads have a box that meets the viewport now (boxes are measured from the viewport's top). */
async function adsOnScreen(page: Page, height: number): Promise<number> {
  let count = 0;
  for (const ad of await page.getByTestId('ad').all()) {
    const box = await ad.boundingBox();
    if (box && box.height > 0 && box.y + box.height > 0 && box.y < height) count += 1;
  }
  return count;
}

/**
 * Scrolls the page from top to bottom half a screen at a time (the feed loads more on the way), and answers the
 * most ads seen on one screen, the ads of the page by id, and the posts it holds.
 */
async function walk(page: Page) {
  let most = 0;
  for (let step = 0; step < 60; step += 1) {
    most = Math.max(most, await adsOnScreen(page, page.viewportSize()!.height));
    const before = await page.evaluate(() => window.scrollY);
    await page.mouse.wheel(0, page.viewportSize()!.height / 2);
    await page.waitForTimeout(150);
    if ((await page.evaluate(() => window.scrollY)) === before) break;
  }
  const ids = await page
    .getByTestId('ad')
    .evaluateAll((ads) => ads.map((ad) => ad.getAttribute('data-ad-id')));
  const posts = await page.getByTestId('post-card').count();
  return { most, ids, posts };
}

async function openHome(page: Page) {
  const plan = page.waitForResponse((response) => response.url().includes('/api/ads/plan'));
  await page.goto('/');
  await expect(page.getByTestId('post-card').first()).toBeVisible();
  expect((await plan).status()).toBe(200);
  await expect(page.getByTestId('ad').first()).toBeVisible();
}

test.describe('ads that respect the reader', () => {
  for (const { name, viewport, member } of [
    { name: 'a visitor on a wide screen', viewport: WIDE, member: false },
    { name: 'a visitor on a phone', viewport: PHONE, member: false },
    { name: 'a member on a phone', viewport: PHONE, member: true },
  ]) {
    test(`${name} never sees two ads on one screen, nor one ad more than twice`, async ({ page }) => {
      // The walk measures every ad at each of up to 60 half screens: a phone's feed takes all of them, which a
      // loaded machine needs more than the usual minute for.
      test.setTimeout(150_000);
      await page.setViewportSize(viewport);
      if (member) await login(page, 'noura@ray.sa', 'Demo1234');
      await openHome(page);
      await screenshot(page, `polish-ads-${viewport.width}${member ? '-member' : ''}`);
      const { most, ids, posts } = await walk(page);
      expect(posts).toBeGreaterThanOrEqual(PAGE_SIZE);
      expect(most).toBe(1);
      expect(ids.length).toBeGreaterThanOrEqual(1);
      expect(ids.length).toBeLessThanOrEqual(ADS_PER_PAGE * Math.ceil(posts / PAGE_SIZE));
      const times = new Map<string | null, number>();
      for (const id of ids) times.set(id, (times.get(id) ?? 0) + 1);
      expect(Math.max(...times.values())).toBeLessThanOrEqual(2);
      // The same ad never follows itself between posts.
      const feed = await Promise.all(
        (await page.locator('[data-ad-placement="BetweenPosts"] [data-testid="ad"]').all()).map((ad) =>
          ad.getAttribute('data-ad-id'),
        ),
      );
      expect(feed.every((id, index) => index === 0 || feed[index - 1] !== id)).toBe(true);
      if (viewport === WIDE) {
        // The sidebar's ad stays in view as the page scrolls, so it is the page's only one.
        expect(ids).toHaveLength(1);
        await expect(page.locator('[data-ad-placement="Sidebar"] [data-testid="ad"]')).toBeInViewport();
      } else {
        await page.locator('[data-ad-placement="BetweenPosts"]').first().scrollIntoViewIfNeeded();
        await screenshot(page, `polish-ads-${viewport.width}${member ? '-member' : ''}-between-posts`);
      }
    });
  }

  test('an ad is a sponsored link, and following it records the click', async ({
    page,
    context,
    request,
  }) => {
    await page.setViewportSize(PHONE);
    const token = await adminToken(request);
    const impression = page.waitForResponse((response) =>
      /\/api\/ads\/\d+\/impression$/.test(response.url()),
    );
    await openHome(page);
    const ad = page.locator('[data-ad-placement="BetweenPosts"] [data-testid="ad"]').first();
    await expect(ad).toHaveJSProperty('tagName', 'A');
    expect((await ad.getAttribute('rel'))?.split(' ')).toEqual(
      expect.arrayContaining(['sponsored', 'noopener']),
    );
    const id = (await ad.getAttribute('data-ad-id'))!;
    expect(await ad.getAttribute('href')).toMatch(
      new RegExp(`/api/ads/${id}/click\\?placement=BetweenPosts&page=%2F$`),
    );
    await impression;
    const before = await clicksOf(request, token, id);
    const target = (await (await request.get(`/api/ads/${id}`)).json()) as { targetUrl: string };
    if ((await ad.getAttribute('target')) === '_blank') {
      // Another site's ad opens in a new tab, through its click address.
      const redirect = context.waitForEvent('response', (response) =>
        response.url().includes(`/api/ads/${id}/click`),
      );
      await ad.click();
      expect((await redirect).status()).toBe(302);
      expect(await (await redirect).headerValue('location')).toBe(target.targetUrl);
    } else {
      // An ad for a page of the site opens it in place.
      await ad.click();
      await expect(page).toHaveURL((url) => decodeURI(url.pathname) === decodeURI(target.targetUrl));
    }
    await expect.poll(() => clicksOf(request, token, id)).toBe(before + 1);
  });

  test('an ad opened in a new tab goes through its click address and is counted', async ({
    page,
    context,
    request,
  }) => {
    await page.setViewportSize(WIDE);
    const token = await adminToken(request);
    const impression = page.waitForResponse((response) =>
      /\/api\/ads\/\d+\/impression$/.test(response.url()),
    );
    await openHome(page);
    const ad = page.locator('[data-ad-placement="Sidebar"] [data-testid="ad"]');
    const id = (await ad.getAttribute('data-ad-id'))!;
    await impression;
    const before = await clicksOf(request, token, id);
    const target = (await (await request.get(`/api/ads/${id}`)).json()) as { targetUrl: string };
    const redirect = context.waitForEvent('response', (response) =>
      response.url().includes(`/api/ads/${id}/click`),
    );
    const opened = context.waitForEvent('page');
    await ad.click({ modifiers: ['ControlOrMeta'] });
    await opened;
    expect((await redirect).status()).toBe(302);
    expect(await (await redirect).headerValue('location')).toBe(target.targetUrl);
    // The page the reader was on stays where it was.
    await expect(page).toHaveURL(/\/$/);
    await expect.poll(() => clicksOf(request, token, id)).toBe(before + 1);
  });
});

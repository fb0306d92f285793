import { expect, test } from '@playwright/test';
import { DESKTOP, PHONE, login } from './support/helpers';

test.describe('ads', () => {
  test('fill the sidebar alone on a wide home page, count an impression and open the stored target on click', async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    // Signed in, so that an ad whose target needs an account (such as /create-post) opens it rather than /login.
    await login(page, 'reem@ray.sa', 'Demo1234');
    const impression = page.waitForRequest(
      (request) => /\/api\/ads\/\d+\/impression$/.test(request.url()) && request.method() === 'POST',
    );
    await page.goto('/');
    const sidebar = page.locator('[data-ad-placement="Sidebar"]');
    await expect(sidebar.getByTestId('ad')).toHaveCount(1);
    // The sidebar's ad stays in view all along, so the page shows no other.
    await expect(page.getByTestId('post-card').nth(6)).toBeVisible();
    await expect(page.getByTestId('ad')).toHaveCount(1);
    await expect(page.locator('[data-ad-placement="Header"]')).toBeHidden();

    const sent = await impression;
    const body = sent.postDataJSON() as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['pageUrl', 'placement']);
    expect(body.pageUrl).toBe('/');
    // Counted by account: the access token goes with it.
    expect(sent.headers().authorization).toMatch(/^Bearer /);

    const ad = sidebar.getByTestId('ad');
    const id = await ad.getAttribute('data-ad-id');
    const { targetUrl } = (await (await page.request.get(`/api/ads/${id}`)).json()) as { targetUrl: string };
    if ((await ad.getAttribute('target')) === '_blank') {
      // Another site's ad (an admin may have added one) opens in a new tab through its click address.
      const redirect = page
        .context()
        .waitForEvent('response', (response) => response.url().includes(`/api/ads/${id}/click`));
      await ad.click();
      expect(await (await redirect).headerValue('location')).toBe(targetUrl);
    } else {
      const click = page.waitForRequest((request) => /\/api\/ads\/\d+\/click$/.test(request.url()));
      await ad.click();
      await click;
      await expect(page).toHaveURL(new RegExp(`${targetUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
    }
  });

  test('put a between-posts ad on a phone after the sixth post', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/');
    await expect(page.getByTestId('post-card').nth(6)).toBeVisible();
    await expect(page.locator('[data-ad-placement="BetweenPosts"]').getByTestId('ad').first()).toBeAttached();
    // In document order, the first between-posts ad comes after exactly six posts.
    const sequence = page.locator('[data-testid="post-card"], [data-ad-placement="BetweenPosts"]');
    let cardsBefore = 0;
    while ((await sequence.nth(cardsBefore).getAttribute('data-ad-placement')) !== 'BetweenPosts')
      cardsBefore += 1;
    expect(cardsBefore).toBe(6);
  });

  test("count a visitor by the server's own HttpOnly cookie, set once, never by a key the page keeps", async ({
    page,
    context,
  }) => {
    // A tablet's page shows two ads (the top one and one between posts), so two events.
    await page.setViewportSize({ width: 800, height: 1000 });
    const events: { body: Record<string, unknown>; setCookie: string | null; cacheControl: string | null }[] =
      [];
    page.on('response', async (response) => {
      if (!/\/api\/ads\/\d+\/impression$/.test(response.url())) return;
      events.push({
        body: response.request().postDataJSON() as Record<string, unknown>,
        setCookie: await response.headerValue('set-cookie'),
        cacheControl: await response.headerValue('cache-control'),
      });
    });
    const home = await page.goto('/');
    expect(await home!.headerValue('set-cookie')).toBeNull();
    await expect.poll(() => events.length).toBeGreaterThanOrEqual(2);
    // The first event brings the cookie back; the others, sent after it, carry it and get none.
    expect(events[0]!.setCookie).toMatch(
      /^ray_vid=[\w-]+\.[\w-]+; Path=\/api\/ads; .*HttpOnly; SameSite=Lax/,
    );
    expect(events.slice(1).every((event) => event.setCookie === null)).toBe(true);
    expect(events.every((event) => event.cacheControl === 'no-store')).toBe(true);
    expect(events.every((event) => !('visitorKey' in event.body))).toBe(true);
    const cookies = await context.cookies();
    expect(cookies.filter((cookie) => cookie.name === 'ray_vid')).toEqual([
      expect.objectContaining({ httpOnly: true, sameSite: 'Lax', path: '/api/ads' }),
    ]);
    expect(await page.evaluate(() => document.cookie)).not.toContain('ray_vid');
    expect(await page.evaluate(() => localStorage.getItem('adVisitorKey'))).toBeNull();
  });

  test("use the mobile slot on a phone, after the page's content", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/trends');
    const ad = page.locator('[data-ad-placement="Mobile"]').getByTestId('ad');
    await expect(ad).toHaveCount(1);
    await expect(page.locator('[data-ad-placement="Header"]')).toBeHidden();
    // The page opens on its own content: the ad follows it.
    const main = (await page.locator('main').boundingBox())!;
    expect((await ad.boundingBox())!.y).toBeGreaterThanOrEqual(main.y + main.height);
    // A page with ads of its own between posts has no slot of the phone's besides them.
    await page.goto('/');
    await expect(page.locator('[data-ad-placement="BetweenPosts"]').getByTestId('ad').first()).toBeVisible();
    await expect(page.locator('[data-ad-placement="Mobile"]')).toHaveCount(0);
  });

  test("keep a post page's ad room on a phone, so nothing moves when the ad comes", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/');
    const id = await page.getByTestId('post-card').first().getAttribute('data-post-id');
    await page.addInitScript(() => {
      const shifts = { total: 0 };
      Object.assign(window, { layoutShifts: shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
        })[])
          if (!entry.hadRecentInput) shifts.total += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(`/posts/${id}`);
    await expect(page.locator('[data-ad-placement="PostDetail"]').getByTestId('ad')).toBeVisible();
    await page.waitForTimeout(500);
    expect(
      await page.evaluate(
        () => (window as unknown as { layoutShifts: { total: number } }).layoutShifts.total,
      ),
    ).toBe(0);
  });

  for (const path of ['/login', '/register']) {
    test(`never show on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expect(page.locator('[data-ad-placement]')).toHaveCount(0);
    });
  }
});

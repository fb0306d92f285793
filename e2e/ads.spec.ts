import { expect, test } from '@playwright/test';
import { DESKTOP, PHONE, login } from './support/helpers';

test.describe('ads', () => {
  test('fill their slots on the home page, count an impression and open the stored target on click', async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    // Signed in, so that an ad whose target needs an account (such as /create-post) opens it rather than /login.
    await login(page, 'reem@ray.sa', 'Demo1234');
    const impression = page.waitForRequest(
      (request) => /\/api\/ads\/\d+\/impression$/.test(request.url()) && request.method() === 'POST',
    );
    await page.goto('/');
    const header = page.locator('[data-ad-placement="Header"]');
    await expect(header.getByTestId('ad')).toHaveCount(1);
    const sidebar = page.locator('[data-ad-placement="Sidebar"]');
    await expect(sidebar.getByTestId('ad').first()).toBeVisible();
    expect(await sidebar.getByTestId('ad').count()).toBeLessThanOrEqual(3);
    // One between-posts ad after every third post.
    await expect(page.getByTestId('post-card').nth(3)).toBeVisible();
    const between = page.locator('[data-ad-placement="BetweenPosts"]').first();
    await expect(between).toBeVisible();
    // In document order, the first between-posts slot comes after exactly three posts.
    const sequence = page.locator('[data-testid="post-card"], [data-ad-placement="BetweenPosts"]');
    let cardsBefore = 0;
    while ((await sequence.nth(cardsBefore).getAttribute('data-ad-placement')) !== 'BetweenPosts')
      cardsBefore += 1;
    expect(cardsBefore).toBe(3);

    const body = (await impression).postDataJSON() as { placement: string; pageUrl: string };
    expect(body.pageUrl).toBe('/');

    const click = page.waitForRequest((request) => /\/api\/ads\/\d+\/click$/.test(request.url()));
    const clickAnswer = page.waitForResponse((response) => /\/api\/ads\/\d+\/click$/.test(response.url()));
    await header.getByTestId('ad').click();
    await click;
    const { targetUrl } = (await (await clickAnswer).json()) as { targetUrl: string };
    await expect(page).toHaveURL(new RegExp(`${targetUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
  });

  test('use the mobile slot on a phone', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/');
    await expect(page.locator('[data-ad-placement="Mobile"]').getByTestId('ad')).toHaveCount(1);
    await expect(page.locator('[data-ad-placement="Header"]')).toBeHidden();
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

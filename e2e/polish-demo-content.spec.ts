import { expect, test, type Page } from '@playwright/test';
import { PHONE, screenshot } from './support/helpers';

const WIDE = { width: 1366, height: 900 };

/** The times the first posts of the feed show, as a visitor reads them. */
async function feedTimes(page: Page, count: number): Promise<string[]> {
  const cards = page.getByTestId('post-card');
  await expect(cards.nth(count - 1)).toBeVisible();
  return Promise.all(
    Array.from({ length: count }, (_, index) => cards.nth(index).locator('time').first().innerText()),
  );
}

for (const [name, viewport] of [
  ['phone', PHONE],
  ['desktop', WIDE],
] as const) {
  test.describe(`the demo community on a ${name}`, () => {
    test.use({ viewport });

    test('the home feed reads like a living community, newest first, posted at different times', async ({
      page,
    }) => {
      await page.goto('/');
      const times = await feedTimes(page, 8);
      // Minutes, hours and days ago, not a wall of «الآن».
      expect(new Set(times).size).toBeGreaterThanOrEqual(6);
      expect(times.filter((time) => time.includes('الآن'))).toHaveLength(0);
      const stamps = await page
        .getByTestId('post-card')
        .locator('time')
        .evaluateAll((nodes) => nodes.map((node) => Date.parse(node.getAttribute('datetime') ?? '')));
      expect(stamps.length).toBeGreaterThanOrEqual(8);
      expect([...stamps].sort((a, b) => b - a)).toEqual(stamps);
      expect(stamps[0]! - stamps[stamps.length - 1]!).toBeGreaterThan(24 * 3_600_000);
      await screenshot(page, `polish-demo-home-${name}`);
    });

    test('the trends show a few popular hashtags ahead of many smaller ones', async ({ page }) => {
      await page.goto('/trends');
      await page.getByRole('tab', { name: 'شهر' }).click();
      const tags = page.getByTestId('trending-hashtag');
      await expect(tags.nth(4)).toBeVisible();
      const names = await tags.getByRole('link').allInnerTexts();
      expect(new Set(names).size).toBe(names.length);
      await page.getByRole('tab', { name: 'أسبوع' }).click();
      await expect(page.getByRole('tab', { name: 'أسبوع' })).toHaveAttribute('aria-selected', 'true');
      await expect(tags.first()).toBeVisible();
      await expect(page.getByTestId('post-card').first()).toBeVisible();
      await screenshot(page, `polish-demo-trends-${name}`);
    });
  });
}

import { expect, test } from '@playwright/test';
import { screenshot } from './support/helpers';

test.describe('discovery', () => {
  test('finds a post whatever the hamza or ta marbuta form of the query', async ({ page }) => {
    await page.goto('/search?q=' + encodeURIComponent('القهوه'));
    await expect(page.getByTestId('post-card').first()).toContainText(/القهوة|القهوه/);
    await page.goto('/search?query=' + encodeURIComponent('ابها'));
    await expect(page.getByTestId('post-card').first()).toContainText('أبها');
    await screenshot(page, 'search-desktop');
  });

  test('opens a hashtag from a post', async ({ page }) => {
    await page.goto('/');
    const tag = page.getByTestId('post-card').getByRole('link', { name: /^#/ }).first();
    const name = (await tag.innerText()).trim();
    await tag.click();
    await expect(page).toHaveURL(/\/wasm\//);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
    await expect(page.getByTestId('post-card').first()).toBeVisible();
  });

  test('switches trend periods', async ({ page }) => {
    await page.goto('/trends');
    for (const period of ['اليوم', 'شهر', 'أسبوع']) {
      await page.getByRole('tab', { name: period }).click();
      await expect(page.getByRole('tab', { name: period })).toHaveAttribute('aria-selected', 'true');
    }
    await expect(page.getByRole('link', { name: /^#/ }).first()).toBeVisible();
    await screenshot(page, 'trends-desktop');
  });
});

import { expect, test, type Page } from '@playwright/test';
import { DESKTOP, PHONE, login, newUser, register, screenshot } from './support/helpers';

const SIZES = [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const;

const feedTab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });

for (const [device, size] of SIZES) {
  test.describe(`following feed on ${device}`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize(size);
    });

    test('switches to the posts of followed people and keeps the tab across a reload', async ({ page }) => {
      await page.goto('/');
      // A visitor has only the feed for everyone.
      await expect(page.getByTestId('post-card').first()).toBeVisible();
      await expect(feedTab(page, 'متابَعون')).toHaveCount(0);

      await login(page, 'noura@ray.sa', 'Demo1234');
      await page.goto('/');
      await expect(feedTab(page, 'للجميع')).toHaveAttribute('aria-selected', 'true');
      await feedTab(page, 'متابَعون').click();
      await expect(page).toHaveURL(/\?feed=following$/);
      await expect(page.getByRole('heading', { name: 'منشورات من تتابعهم' })).toBeVisible();
      const cards = page.getByTestId('post-card');
      await expect(cards.first()).toBeVisible();
      await expect(cards.filter({ hasText: 'فهد العتيبي' }).first()).toBeVisible();
      // Neither her own posts nor anyone's anonymous ones.
      await expect(cards.filter({ hasText: 'نورة القحطاني' })).toHaveCount(0);
      await expect(cards.filter({ hasText: 'مجهول' })).toHaveCount(0);
      await screenshot(page, `following-feed-${device}`);

      await page.reload();
      await expect(feedTab(page, 'متابَعون')).toHaveAttribute('aria-selected', 'true');
      await expect(cards.filter({ hasText: 'فهد العتيبي' }).first()).toBeVisible();

      await feedTab(page, 'للجميع').click();
      await expect(page).not.toHaveURL(/feed=following/);
      await expect(page.getByRole('heading', { name: 'آخر المنشورات' })).toBeVisible();
    });

    test('a newcomer sees suggestions, follows one and then sees their posts', async ({ page }) => {
      await register(page, newUser());
      await page.goto('/?feed=following');
      await expect(page.getByRole('heading', { name: 'لا منشورات ممن تتابعهم بعد' })).toBeVisible();
      const suggestions = page.getByRole('list', { name: 'أشخاص قد تودّ متابعتهم' });
      const first = suggestions.getByTestId('suggested-person').first();
      await expect(first).toBeVisible();
      if (device === 'desktop')
        await expect(page.getByRole('heading', { name: 'اقتراحات للمتابعة' })).toBeVisible();
      await screenshot(page, `following-empty-${device}`);

      const name = (await first.locator('bdi').first().innerText()).trim();
      await first.getByRole('button', { name: /^متابعة/ }).click();
      // The followed person's posts replace the empty state.
      const cards = page.getByTestId('post-card');
      await expect(cards.first()).toBeVisible();
      await expect(cards.filter({ hasText: name }).first()).toBeVisible();
      await expect(page.getByRole('heading', { name: 'لا منشورات ممن تتابعهم بعد' })).toHaveCount(0);
    });

    test('people search shows a person with bio and follows in place', async ({ page }) => {
      await register(page, newUser());
      await page.goto('/search?q=fahad&type=users');
      const row = page.getByTestId('user-result').filter({ hasText: 'فهد العتيبي' });
      await expect(row).toBeVisible();
      await expect(row).toContainText('@fahad');
      await expect(row).toContainText('مشجع هلالي ومبرمج في أوقات الفراغ.');
      await row.getByRole('button', { name: 'متابعة: فهد العتيبي' }).click();
      await expect(row.getByRole('button', { name: 'إلغاء المتابعة: فهد العتيبي' })).toBeVisible();
      await screenshot(page, `people-search-${device}`);

      // The follow was saved: a new visit shows it, and his posts are on the following tab.
      await page.reload();
      await expect(
        page
          .getByTestId('user-result')
          .filter({ hasText: 'فهد العتيبي' })
          .getByRole('button', { name: 'إلغاء المتابعة: فهد العتيبي' }),
      ).toBeVisible();
      await page.goto('/?feed=following');
      await expect(page.getByTestId('post-card').filter({ hasText: 'فهد العتيبي' }).first()).toBeVisible();
    });
  });
}

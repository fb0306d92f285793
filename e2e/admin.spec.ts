import { randomBytes } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { DESKTOP, PHONE, login, logout, screenshot } from './support/helpers';

const ADMIN = { email: 'admin@ray.sa', password: 'Admin1234' };
const USER = { email: 'reem@ray.sa', password: 'Demo1234' };

async function openAdminFromMenu(page: Page) {
  await page.getByRole('button', { name: 'قائمة الحساب' }).click();
  await page.getByRole('menuitem', { name: 'لوحة الإدارة' }).click();
  await expect(page).toHaveURL(/\/admin\/ads$/);
  await expect(page.getByRole('heading', { name: 'لوحة الإدارة' })).toBeVisible();
}

/** The row (wide screens) or card (phones) of an ad, whichever the viewport shows. */
const adEntry = (page: Page, title: string) =>
  page.getByTestId('admin-ad').filter({ hasText: title }).locator('visible=true');

test.describe('admin area', () => {
  test('an admin creates a sidebar ad, finds it in the list, edits and pauses it', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    const title = `إعلان اختبار ${randomBytes(3).toString('hex')}`;
    await login(page, ADMIN.email, ADMIN.password);
    await openAdminFromMenu(page);
    await expect(page.getByTestId('admin-ad').first()).toBeVisible();
    await screenshot(page, 'admin-ads-desktop');

    await page.getByRole('link', { name: 'إعلان جديد' }).click();
    await expect(page).toHaveURL(/\/admin\/ads\/new$/);
    // Nothing filled in: the shared Arabic messages show under the fields.
    await page.getByRole('button', { name: 'إنشاء الإعلان' }).click();
    await expect(page.getByText('عنوان الإعلان يجب أن يكون حرفين على الأقل')).toBeVisible();
    await expect(page.getByText('اختر موضعاً واحداً على الأقل')).toBeVisible();

    await page.getByLabel('العنوان').fill(title);
    await page.getByLabel('الوصف').fill('عرض خاص لقرّاء رأي هذا الأسبوع');
    const image = await sharp({ create: { width: 600, height: 300, channels: 3, background: '#e76f51' } })
      .png()
      .toBuffer();
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'ad.png', mimeType: 'image/png', buffer: image });
    await expect(page.locator('img[src*="/uploads/thumb/"]').first()).toBeVisible();
    await page.getByLabel('رابط الإعلان').fill('javascript:alert(1)');
    await page.getByLabel('الشريط الجانبي').check();
    await page.getByRole('button', { name: 'إنشاء الإعلان' }).click();
    await expect(page.getByText(/رابط الإعلان يجب أن يبدأ/)).toBeVisible();
    await page.getByLabel('رابط الإعلان').fill('https://example.com/offer');
    await expect(page.getByLabel('رابط الإعلان')).not.toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('الوزن').fill('5');
    await page.evaluate(() => {
      window.scrollTo(0, 0);
    });
    await screenshot(page, 'admin-ad-form-desktop');
    await page.getByRole('button', { name: 'إنشاء الإعلان' }).click();
    await expect(page.getByText('تم إنشاء الإعلان')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/ads$/);

    const row = adEntry(page, title);
    await expect(row).toBeVisible();
    await expect(row.getByTestId('ad-status')).toHaveText('نشط');
    await expect(row).toContainText('الشريط الجانبي');
    await expect(row).toContainText('example.com');
    await expect(row.locator('img')).toBeVisible();

    await row.getByRole('link', { name: `تعديل الإعلان: ${title}` }).click();
    await expect(page.getByLabel('العنوان')).toHaveValue(title);
    await expect(page.getByLabel('الشريط الجانبي')).toBeChecked();
    await page.getByLabel('الوزن').fill('9');
    await page.getByRole('button', { name: 'حفظ التعديلات' }).click();
    await expect(page.getByText('تم حفظ التعديلات')).toBeVisible();
    await expect(adEntry(page, title)).toContainText('9');

    await adEntry(page, title)
      .getByRole('button', { name: `إيقاف الإعلان: ${title}` })
      .click();
    await expect(page.getByText('تم إيقاف الإعلان مؤقتاً')).toBeVisible();
    await expect(adEntry(page, title).getByTestId('ad-status')).toHaveText('متوقف');
    await page.getByRole('button', { name: /^متوقف/ }).click();
    await expect(adEntry(page, title)).toBeVisible();
    await expect(page.getByTestId('admin-ad').locator('visible=true')).toHaveCount(1);
    await screenshot(page, 'admin-ads-paused-desktop');

    await adEntry(page, title)
      .getByRole('button', { name: `استئناف الإعلان: ${title}` })
      .click();
    await expect(page.getByText('تم استئناف الإعلان')).toBeVisible();
  });

  test('the analytics tab counts a search that was just made', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await login(page, ADMIN.email, ADMIN.password);
    const delivered = page.waitForResponse(
      (response) =>
        response.url().includes('/api/analytics/events') &&
        response.status() === 204 &&
        (response.request().postData() ?? '').includes('"name":"search"'),
    );
    // Leaving the page sends what is queued at once, by beacon (text/plain), instead of after the short delay.
    // The page is left in the same task as the search is made, so no earlier event's delay can send the batch
    // the ordinary way in between.
    await page.evaluate(() => {
      window.addEventListener('submit', () => window.dispatchEvent(new PageTransitionEvent('pagehide')), {
        once: true,
      });
    });
    await page.getByRole('search').first().getByRole('searchbox').fill('قهوة');
    await page.getByRole('search').first().getByRole('searchbox').press('Enter');
    await expect(page).toHaveURL(/\/search\?q=/);
    const request = (await delivered).request();
    expect(request.headers()['content-type']).toContain('text/plain');
    // The search box's text never leaves the browser, only its length.
    expect(request.postData()).not.toContain('قهوة');

    await page.goto('/admin/analytics');
    await expect(page.getByRole('heading', { name: 'الإحصاءات' })).toBeVisible();
    // What the server recorded comes first; what browsers report is apart, and labelled as estimates.
    const recorded = page.getByTestId('analytics-recorded');
    const reported = page.getByTestId('analytics-reported');
    await expect(recorded.getByRole('heading', { name: 'نشاط المنصة' })).toBeVisible();
    await expect(reported.getByRole('heading', { name: 'أحداث يرسلها المتصفح — تقديرية' })).toBeVisible();
    const total = (card: Locator) =>
      expect.poll(async () => Number((await card.locator('span').nth(1).innerText()).replace(/\D/g, '')));
    await expect(recorded.getByTestId('analytics-total-signups')).toContainText(/حسابات جديدة\s*\d/);
    await expect(recorded.getByTestId('analytics-total-search')).toHaveCount(0);
    const searches = reported.getByTestId('analytics-total-search');
    await expect(searches).toContainText('بحث');
    await total(searches).toBeGreaterThanOrEqual(1);
    for (const section of [recorded, reported]) {
      await expect(section.getByTestId('daily-chart').locator('li')).toHaveCount(7);
      await expect(section.getByTestId('analytics-table').locator('tbody tr')).toHaveCount(7);
    }
    await screenshot(page, 'admin-analytics-desktop');

    await page.getByRole('button', { name: 'آخر 30 يوماً' }).click();
    await expect(recorded.getByTestId('daily-chart').locator('li')).toHaveCount(30);
    await expect(reported.getByTestId('daily-chart').locator('li')).toHaveCount(30);
    await expect(page.getByRole('button', { name: 'آخر 30 يوماً' })).toHaveAttribute('aria-pressed', 'true');
    await page.getByLabel('النشاط المعروض في الرسم').selectOption({ label: 'منشورات' });
    await page.getByLabel('الحدث المعروض في الرسم').selectOption({ label: 'بحث' });

    await page.getByRole('link', { name: 'رسائل التواصل' }).click();
    await expect(page).toHaveURL(/\/admin\/messages$/);
  });

  test('a normal user sees no admin link and /admin is forbidden; a visitor is sent to sign in', async ({
    page,
  }) => {
    await login(page, USER.email, USER.password);
    await page.getByRole('button', { name: 'قائمة الحساب' }).click();
    await expect(page.getByRole('menuitem', { name: 'الإعدادات' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'لوحة الإدارة' })).toHaveCount(0);
    await page.keyboard.press('Escape');

    for (const path of ['/admin', '/admin/ads', '/admin/analytics', '/admin/ads/1/edit']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'ليس لديك صلاحية' })).toBeVisible();
      await expect(page.getByTestId('admin-ad')).toHaveCount(0);
    }
    await logout(page);
    await page.goto('/admin/analytics');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the admin screens at phone width', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await login(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/ads');
    await expect(page.getByTestId('admin-ad').locator('visible=true').first()).toBeVisible();
    await screenshot(page, 'admin-ads-phone');
    await page.getByTestId('admin-ad').locator('visible=true').first().screenshot({
      path: 'e2e/.artifacts/screenshots/admin-ad-card-phone.png',
    });
    await page.getByRole('link', { name: 'إعلان جديد' }).click();
    await expect(page.getByLabel('العنوان')).toBeVisible();
    await screenshot(page, 'admin-ad-form-phone');
    await page.goto('/admin/analytics');
    const chart = page.getByTestId('analytics-recorded').getByTestId('daily-chart');
    await expect(chart).toBeVisible();
    await screenshot(page, 'admin-analytics-phone');
    await page.getByRole('button', { name: 'آخر 30 يوماً' }).click();
    await expect(chart.locator('li')).toHaveCount(30);
    await chart.scrollIntoViewIfNeeded();
    await screenshot(page, 'admin-analytics-chart-phone');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/admin/ads');
    await expect(page.getByTestId('admin-ad').locator('visible=true').first()).toBeVisible();
    const narrow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(narrow).toBeLessThanOrEqual(0);
  });
});

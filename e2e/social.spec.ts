import { expect, test } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { screenshot } from './support/helpers';

/** The local identity provider of the test run stands in for Google (see playwright.config.ts). */
test.describe('social sign-in', () => {
  test('signs a new account in through the provider and returns to the page the visitor wanted', async ({
    page,
  }) => {
    const id = randomBytes(4).toString('hex');
    await page.goto('/bookmarks');
    await expect(page).toHaveURL(/\/login$/);
    await screenshot(page, 'login-social');
    await page.getByRole('button', { name: 'المتابعة باستخدام Google' }).click();

    await expect(page.getByRole('heading', { name: 'تسجيل الدخول لدى مزود الهوية' })).toBeVisible();
    await page.getByLabel('المعرّف', { exact: true }).fill(`google-${id}`);
    await page.getByLabel('الاسم', { exact: true }).fill('لمى الدوسري');
    await page.getByLabel('البريد', { exact: true }).fill(`lama.${id}@example.com`);
    await page.getByRole('button', { name: 'السماح' }).click();

    await expect(page.getByText('تم تسجيل الدخول بنجاح!')).toBeVisible();
    await expect(page).toHaveURL(/\/bookmarks$/);
    await expect(page.getByRole('button', { name: 'قائمة الحساب' })).toBeVisible();

    // Nothing of the hand-over stays in the address or the history.
    await page.goBack();
    await expect(page).not.toHaveURL(/session=/);

    await page.goto('/settings');
    await expect(page.getByLabel('الاسم الكامل')).toHaveValue('لمى الدوسري');
  });

  test('a refusal at the provider comes back to login with the reason', async ({ page }) => {
    await page.goto('/register');
    await page.getByRole('button', { name: 'المتابعة باستخدام Google' }).click();
    await page.getByRole('button', { name: 'رفض' }).click();
    await expect(page.getByText('فشل تسجيل الدخول: تم إلغاء تسجيل الدخول')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a made-up hand-over is refused by the server', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'المتابعة باستخدام Google' }).click();
    await expect(page.getByRole('heading', { name: 'تسجيل الدخول لدى مزود الهوية' })).toBeVisible();
    // Instead of the provider's answer, a forged hand-over comes back to the tab that started the sign-in.
    await page.goto('/login/callback?session=made-up-session');
    await expect(page.getByText(/انتهت صلاحية جلسة تسجيل الدخول/)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a sign-in link this tab did not start is never adopted', async ({ page }) => {
    await page.goto('/login/callback?session=someone-elses-hand-over&token=someone-elses-token');
    await expect(page.getByText('حدث خطأ أثناء معالجة تسجيل الدخول')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
  });
});

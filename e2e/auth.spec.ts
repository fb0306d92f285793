import { expect, test } from '@playwright/test';
import {
  DESKTOP,
  PHONE,
  linkFromMail,
  login,
  logout,
  newUser,
  register,
  screenshot,
} from './support/helpers';

test.describe('accounts', () => {
  test('registers, logs out and logs back in', async ({ page }) => {
    const user = newUser();
    await register(page, user);
    await expect(page).toHaveURL(/\/$/);
    await logout(page);
    await login(page, user.email, user.password);
    await expect(page.getByRole('button', { name: 'قائمة الحساب' })).toBeVisible();
  });

  test('shows the Arabic validation messages of the login form', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
    await expect(page.getByText('البريد الإلكتروني مطلوب')).toBeVisible();
    await expect(page.getByText('كلمة المرور مطلوبة')).toBeVisible();
    await page.getByLabel('البريد الإلكتروني').fill('noura@ray.sa');
    await page.getByLabel('كلمة المرور', { exact: true }).fill('Wrong1234');
    await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
    await expect(page.getByText('البريد الإلكتروني أو كلمة المرور غير صحيحة')).toBeVisible();
  });

  test('sends a visitor from a protected page to login and back to it afterwards', async ({ page }) => {
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/login/);
    await page.getByLabel('البريد الإلكتروني').fill('noura@ray.sa');
    await page.getByLabel('كلمة المرور', { exact: true }).fill('Demo1234');
    await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
    await expect(page).toHaveURL(/\/settings/);
    await expect(page.getByLabel('الاسم الكامل')).toHaveValue('نورة القحطاني');
  });

  test('changes the password and signs in with the new one', async ({ page }) => {
    const user = newUser();
    await register(page, user);
    await page.goto('/settings');
    await page.getByRole('tab', { name: 'الأمان', exact: true }).click();
    await page.getByLabel('كلمة المرور الحالية').fill('NotMine123');
    await page.getByLabel('كلمة المرور الجديدة', { exact: true }).fill('Shai2031x');
    await page.getByLabel('تأكيد كلمة المرور الجديدة').fill('Shai2031x');
    await page.getByRole('button', { name: 'تغيير كلمة المرور' }).click();
    await expect(page.getByText('كلمة المرور الحالية غير صحيحة')).toBeVisible();
    await page.getByLabel('كلمة المرور الحالية').fill(user.password);
    await page.getByRole('button', { name: 'تغيير كلمة المرور' }).click();
    await expect(page.getByText('تم تغيير كلمة المرور بنجاح')).toBeVisible();
    await logout(page);
    await login(page, user.email, 'Shai2031x');
  });

  test('resets a forgotten password with the e-mailed link', async ({ page }) => {
    const user = newUser();
    await register(page, user);
    await logout(page);
    await page.goto('/forgot-password');
    await page.getByLabel('البريد الإلكتروني').fill(user.email);
    await page.getByRole('button', { name: 'إرسال رابط إعادة التعيين' }).click();
    await expect(page.getByText('تحقق من بريدك الإلكتروني')).toBeVisible();
    const link = await linkFromMail(user.email);
    await page.goto(new URL(link).pathname + new URL(link).search);
    await page.getByLabel('كلمة المرور الجديدة', { exact: true }).fill('Najd2040z');
    await page.getByLabel('تأكيد كلمة المرور').fill('Najd2040z');
    await page.getByRole('button', { name: 'تعيين كلمة المرور' }).click();
    await expect(page.getByRole('heading', { name: 'تم تغيير كلمة المرور' })).toBeVisible();
    await login(page, user.email, 'Najd2040z');
    await page.goto(new URL(link).pathname + new URL(link).search);
    await expect(page).toHaveURL(/\/$/);
  });

  test('shows the invalid-link state for a reset link without a token', async ({ page }) => {
    await page.goto('/reset-password?email=someone%40example.com');
    await expect(page.getByText('رابط غير صالح')).toBeVisible();
  });

  test('renews a rejected access token once and carries on', async ({ page }) => {
    await login(page, 'fahad@ray.sa', 'Demo1234');
    // A well-formed token that is not expired by its claims but that the server refuses (wrong signature).
    const forged = await page.evaluate(() => {
      const encode = (value: object) =>
        btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
      const token = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: 'x', sid: 'y', exp: Math.floor(Date.now() / 1000) + 600 })}.${'A'.repeat(43)}`;
      localStorage.setItem('authToken', token);
      const stored = JSON.parse(localStorage.getItem('auth-store') ?? '{}') as { state?: { token?: string } };
      if (stored.state) stored.state.token = token;
      localStorage.setItem('auth-store', JSON.stringify(stored));
      return token;
    });
    const refreshed = page.waitForResponse(
      (response) => response.url().includes('/api/account/refresh-token') && response.status() === 200,
    );
    await page.goto('/settings');
    await refreshed;
    await expect(page).toHaveURL(/\/settings/);
    await expect(page.getByLabel('الاسم الكامل')).toHaveValue('فهد العتيبي');
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).not.toBe(forged);
  });

  test('signs out and goes to login when the refresh token is dead too', async ({ page }) => {
    await login(page, 'khalid@ray.sa', 'Demo1234');
    await page.evaluate(() => {
      localStorage.setItem('refreshToken', 'revoked-refresh-token');
      localStorage.setItem('authToken', 'no-dots-token-that-the-server-refuses');
      const stored = JSON.parse(localStorage.getItem('auth-store') ?? '{}') as { state?: { token?: string } };
      if (stored.state) stored.state.token = 'no-dots-token-that-the-server-refuses';
      localStorage.setItem('auth-store', JSON.stringify(stored));
    });
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/login/);
    expect(await page.evaluate(() => localStorage.getItem('refreshToken'))).toBeNull();
  });
});

test.describe('screenshots', () => {
  for (const [label, size] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    test(`home, login and settings at ${label} width`, async ({ page }) => {
      await page.setViewportSize(size);
      await page.goto('/');
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByTestId('post-card').first()).toBeVisible();
      await screenshot(page, `home-${label}`);
      await page.goto('/login');
      await expect(page.getByRole('button', { name: 'تسجيل الدخول' })).toBeVisible();
      await screenshot(page, `login-${label}`);
      await login(page, 'lama@ray.sa', 'Demo1234');
      await page.goto('/settings');
      await expect(page.getByLabel('الاسم الكامل')).toBeVisible();
      await screenshot(page, `settings-${label}`);
    });
  }
});

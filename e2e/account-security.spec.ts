import { expect, test, type Browser } from '@playwright/test';
import { linkFromMail, login, newUser, register, screenshot, type NewUser } from './support/helpers';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** The same account signed in on another device: a browser context of its own, with a phone's user agent. */
async function signInOnPhone(browser: Browser, user: NewUser) {
  const context = await browser.newContext({ userAgent: IPHONE });
  const page = await context.newPage();
  await login(page, user.email, user.password);
  return { context, page };
}

test.describe('active sessions in settings', () => {
  test('lists this device and the others, ends one, then signs out every other device', async ({
    page,
    browser,
  }) => {
    const user = newUser();
    await register(page, user);
    const phone = await signInOnPhone(browser, user);

    await page.goto('/settings?tab=security');
    const section = page.getByRole('region', { name: 'الجلسات النشطة' });
    const rows = section.getByTestId('active-session');
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText('هذا الجهاز');
    await expect(rows.nth(1)).toContainText('Safari على iPhone');
    await expect(rows.nth(1)).not.toContainText('هذا الجهاز');
    await expect(rows.first().getByRole('button', { name: /إنهاء/ })).toHaveCount(0);
    await screenshot(page, 'settings-sessions');

    // Ending the phone's session signs the phone out at once.
    await rows.nth(1).getByRole('button', { name: 'إنهاء جلسة Safari على iPhone' }).click();
    await expect(page.getByText('تم إنهاء الجلسة')).toBeVisible();
    await expect(rows).toHaveCount(1);
    await phone.page.goto('/settings');
    await expect(phone.page).toHaveURL(/\/login/);
    await phone.context.close();

    // Two more devices, then «تسجيل الخروج من الأجهزة الأخرى» keeps only this one.
    const second = await signInOnPhone(browser, user);
    const third = await signInOnPhone(browser, user);
    await page.reload();
    await expect(rows).toHaveCount(3);
    await section.getByRole('button', { name: 'تسجيل الخروج من الأجهزة الأخرى' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'تسجيل الخروج من الأجهزة الأخرى' }).click();
    await expect(page.getByText('تم تسجيل الخروج من الأجهزة الأخرى')).toBeVisible();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('هذا الجهاز');
    await expect(section.getByText('لا توجد جلسات على أجهزة أخرى.')).toBeVisible();
    for (const device of [second, third]) {
      await device.page.goto('/settings');
      await expect(device.page).toHaveURL(/\/login/);
      await device.context.close();
    }
    // This device is still signed in.
    await page.reload();
    await expect(rows).toHaveCount(1);
  });
});

test.describe('confirming the e-mail address', () => {
  test('shows the address unconfirmed, sends the link again, and the link confirms it once', async ({
    page,
  }) => {
    const user = newUser();
    await register(page, user);
    await page.goto('/settings');
    await expect(page.getByText('غير مؤكد')).toBeVisible();
    await page.getByRole('button', { name: 'إعادة إرسال رابط التأكيد' }).click();
    await expect(page.getByText(/أرسلنا رابط التأكيد إلى بريدك الإلكتروني/)).toBeVisible();
    await screenshot(page, 'settings-email-unconfirmed');

    // The link sent at registration, then the one sent again: only the newest works.
    const link = new URL(await linkFromMail(user.email, 'verify-email', 2));
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByText('تم تأكيد بريدك الإلكتروني بنجاح')).toBeVisible();
    // The token left the address bar before the page did anything else with it.
    expect(new URL(page.url()).search).toBe('');
    await screenshot(page, 'verify-email-done');

    await page.getByRole('link', { name: 'الذهاب إلى الإعدادات' }).click();
    await expect(page.getByText('مؤكد', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'إعادة إرسال رابط التأكيد' })).toHaveCount(0);

    // The same link a second time: refused in Arabic.
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByText('رابط التأكيد غير صالح أو منتهي الصلاحية أو استُخدم من قبل')).toBeVisible();
    expect(new URL(page.url()).search).toBe('');
  });

  test('answers a link without a token with the invalid-link message', async ({ page }) => {
    await page.goto('/verify-email');
    await expect(page.getByText('رابط التأكيد غير صالح أو منتهي الصلاحية أو استُخدم من قبل')).toBeVisible();
    await expect(page.getByRole('link', { name: 'الانتقال إلى تسجيل الدخول' })).toBeVisible();
  });
});

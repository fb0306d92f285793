import { expect, request, test, type Browser, type Page } from '@playwright/test';
import { PHONE, login, screenshot } from './support/helpers';

const ADMIN = { email: 'admin@ray.sa', password: 'Admin1234' };
const USER = { email: 'noura@ray.sa', password: 'Demo1234' };
const WIDE = { width: 1366, height: 900 };
const MESSAGE = 'نحدّث خوادم رأي الليلة، ونعود قبل الفجر بإذن الله.';

/** Switches maintenance off through the API, whatever the page did, so no other browser test meets it. */
async function switchOff(baseURL: string) {
  const api = await request.newContext({ baseURL });
  try {
    const login = await api.post('/api/account/login', {
      data: { username: ADMIN.email, password: ADMIN.password },
    });
    const { token } = (await login.json()) as { token: string };
    const off = await api.put('/api/config', {
      data: { maintenanceMode: false },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(off.status()).toBe(200);
  } finally {
    await api.dispose();
  }
}

async function newPage(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  return context.newPage();
}

/** Closes the toast on screen, so that a screenshot shows the banner under it. */
async function dismissToast(page: Page) {
  await page.locator('[data-toast]').getByRole('button', { name: 'إغلاق' }).click();
  await expect(page.locator('[data-toast]')).toHaveCount(0);
}

const banner = (page: Page) => page.getByRole('status').filter({ hasText: 'وضع الصيانة مفعّل' });
const maintenanceHeading = (page: Page) => page.getByRole('heading', { name: 'نعود قريباً' });

test.describe('maintenance mode', () => {
  test.afterAll(async ({ baseURL }) => {
    await switchOff(baseURL!);
  });

  test('an admin turns it on with a message, everyone else sees it, the admin still uses the app', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    try {
      // The admin switches it on from the admin page, after a confirmation.
      const admin = await newPage(browser, WIDE);
      await login(admin, ADMIN.email, ADMIN.password);
      await admin.goto('/admin');
      await admin.getByRole('link', { name: 'الصيانة' }).click();
      await expect(admin).toHaveURL(/\/admin\/maintenance$/);
      await expect(admin.getByTestId('maintenance-state')).toHaveText('متوقف الآن');
      const toggle = admin.getByRole('switch', { name: 'تفعيل وضع الصيانة' });
      await expect(toggle).toHaveAttribute('aria-checked', 'false');
      await expect(admin.getByRole('button', { name: 'حفظ' })).toBeDisabled();

      // An empty message is refused in place, in Arabic, before anything is asked.
      await toggle.click();
      await admin.getByLabel('رسالة الصيانة').fill('   ');
      await admin.getByRole('button', { name: 'حفظ' }).click();
      await expect(admin.getByLabel('رسالة الصيانة')).toHaveAttribute('aria-invalid', 'true');
      await expect(admin.getByRole('dialog')).toHaveCount(0);

      await admin.getByLabel('رسالة الصيانة').fill(MESSAGE);
      await admin.getByRole('button', { name: 'حفظ' }).click();
      const dialog = admin.getByRole('dialog', { name: 'تفعيل وضع الصيانة؟' });
      await expect(dialog).toBeVisible();
      // Cancelling changes nothing.
      await dialog.getByRole('button', { name: 'إلغاء' }).click();
      await expect(dialog).toBeHidden();
      await expect(admin.getByTestId('maintenance-state')).toHaveText('متوقف الآن');
      await admin.getByRole('button', { name: 'حفظ' }).click();
      await admin.getByRole('dialog').getByRole('button', { name: 'تفعيل الصيانة' }).click();
      await expect(admin.getByText('تم تفعيل وضع الصيانة')).toBeVisible();
      await expect(banner(admin)).toBeVisible();
      await expect(admin.getByTestId('maintenance-state')).toHaveText('مفعّل الآن');
      await expect(admin.getByLabel('رسالة الصيانة')).toHaveValue(MESSAGE);
      await dismissToast(admin);
      await screenshot(admin, 'polish-maintenance-admin-desktop');

      // A visitor elsewhere sees the maintenance page with that message, whichever page they open.
      const visitor = await newPage(browser, PHONE);
      await visitor.goto('/trends');
      await expect(maintenanceHeading(visitor)).toBeVisible();
      await expect(visitor.getByText(MESSAGE)).toBeVisible();
      await expect(visitor.getByTestId('post-card')).toHaveCount(0);
      await screenshot(visitor, 'polish-maintenance-visitor-phone');
      await visitor.setViewportSize(WIDE);
      await screenshot(visitor, 'polish-maintenance-visitor-desktop');
      await visitor.setViewportSize(PHONE);

      // A user can reach the sign-in page, but signed in still sees only the maintenance page.
      await login(visitor, USER.email, USER.password);
      await expect(maintenanceHeading(visitor)).toBeVisible();
      await expect(visitor.getByText(MESSAGE)).toBeVisible();
      await expect(banner(visitor)).toHaveCount(0);

      // The admin signs in on a phone during maintenance and uses the whole app under the banner.
      const phoneAdmin = await newPage(browser, PHONE);
      await phoneAdmin.goto('/');
      await expect(maintenanceHeading(phoneAdmin)).toBeVisible();
      await login(phoneAdmin, ADMIN.email, ADMIN.password);
      await expect(banner(phoneAdmin)).toBeVisible();
      await expect(phoneAdmin.getByTestId('post-card').first()).toBeVisible();
      await dismissToast(phoneAdmin);
      await screenshot(phoneAdmin, 'polish-maintenance-admin-phone');
      await phoneAdmin.goto('/trends');
      await expect(banner(phoneAdmin)).toBeVisible();
      await expect(phoneAdmin.getByTestId('post-card').first()).toBeVisible();
      await phoneAdmin.getByTestId('post-card').first().getByRole('link').first().click();
      await expect(phoneAdmin).toHaveURL(/\/(posts|profile)\//);
      await expect(banner(phoneAdmin)).toBeVisible();

      // The banner leads back to the switch, and the admin turns maintenance off.
      await banner(phoneAdmin).getByRole('link', { name: 'إدارة الصيانة' }).click();
      await expect(phoneAdmin).toHaveURL(/\/admin\/maintenance$/);
      await phoneAdmin.getByRole('switch', { name: 'تفعيل وضع الصيانة' }).click();
      await phoneAdmin.getByRole('button', { name: 'حفظ' }).click();
      await phoneAdmin
        .getByRole('dialog', { name: 'إيقاف وضع الصيانة؟' })
        .getByRole('button', { name: 'إيقاف الصيانة' })
        .click();
      await expect(phoneAdmin.getByText('تم إيقاف وضع الصيانة')).toBeVisible();
      await expect(banner(phoneAdmin)).toHaveCount(0);
      await expect(phoneAdmin.getByTestId('maintenance-state')).toHaveText('متوقف الآن');

      // The page left open on the user's phone comes back by itself, without a reload.
      await expect(visitor.getByTestId('post-card').first()).toBeVisible({ timeout: 20_000 });
      await expect(maintenanceHeading(visitor)).toHaveCount(0);
    } finally {
      await switchOff(baseURL!);
    }
  });
});

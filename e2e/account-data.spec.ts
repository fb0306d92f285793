import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { DESKTOP, PHONE, newUser, register, screenshot } from './support/helpers';

interface Export {
  profile: { userId: string; username: string; email: string };
  posts: { id: number; content: string; isAnonymous: boolean }[];
  sessions: unknown[];
}

async function publish(page: Page, content: string, anonymous = false) {
  await page.goto('/create-post');
  await page.getByLabel('محتوى المنشور').fill(content);
  if (anonymous) await page.getByLabel('نشر كمجهول').check();
  await page.getByRole('button', { name: 'نشر', exact: true }).click();
  await expect(page).toHaveURL(/\/posts\/\d+$/);
  return Number(/\/posts\/(\d+)/.exec(page.url())![1]);
}

for (const [width, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test.describe(`your data in settings (${width})`, () => {
    test('downloads the export, then deletes the account through the dialog', async ({ page }) => {
      await page.setViewportSize(viewport);
      const user = newUser();
      await register(page, user);
      const signed = await publish(page, `رأيي قبل حذف حسابي ${width}`);
      const anonymous = await publish(page, `رأي بلا اسم قبل الحذف ${width}`, true);

      await page.goto('/settings?tab=security');
      const section = page.getByRole('region', { name: 'بياناتك' });
      await expect(section.getByText(/نظام حماية البيانات الشخصية/)).toBeVisible();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        section.getByRole('button', { name: 'تنزيل بياناتك' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(
        new RegExp(`^ray-export-${user.username}-\\d{4}-\\d{2}-\\d{2}\\.json$`),
      );
      const data = JSON.parse(await readFile(await download.path(), 'utf8')) as Export;
      expect(data.profile).toMatchObject({ username: user.username, email: user.email });
      expect(data.posts.map((post) => [post.id, post.isAnonymous]).sort()).toEqual(
        [
          [signed, false],
          [anonymous, true],
        ].sort(),
      );
      expect(data.sessions.length).toBeGreaterThan(0);
      expect(JSON.stringify(data)).not.toMatch(/password|token/i);

      const [archive] = await Promise.all([
        page.waitForEvent('download'),
        section.getByRole('button', { name: 'تنزيل صورك' }).click(),
      ]);
      expect(archive.suggestedFilename()).toMatch(/^ray-images-.+\.zip$/);

      await section.getByRole('button', { name: 'حذف الحساب' }).click();
      const dialog = page.getByRole('dialog', { name: 'حذف حسابك نهائياً' });
      await expect(dialog.getByText('لا يمكن التراجع عن الحذف').first()).toBeVisible();
      await screenshot(page, `account-delete-dialog-${width}`);
      const box = await dialog.boundingBox();
      expect(box!.width).toBeLessThanOrEqual(viewport.width);

      // A wrong password changes nothing and says so in Arabic.
      await dialog.getByLabel('كلمة المرور للتأكيد').fill('Wrong12345');
      await dialog.getByRole('button', { name: 'حذف حسابي نهائياً' }).click();
      await expect(dialog.getByText('كلمة المرور غير صحيحة، لم يُحذف حسابك')).toBeVisible();

      await dialog.getByLabel('كلمة المرور للتأكيد').fill(user.password);
      await dialog.getByRole('button', { name: 'حذف حسابي نهائياً' }).click();
      await expect(page.getByText('تم حذف حسابك')).toBeVisible();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('link', { name: 'تسجيل الدخول' }).first()).toBeVisible();

      await page.goto(`/profile/${data.profile.userId}`);
      await expect(page.getByRole('heading', { name: 'المستخدم غير موجود' })).toBeVisible();
      await page.goto(`/posts/${anonymous}`);
      await expect(page.getByText(`رأي بلا اسم قبل الحذف ${width}`)).toHaveCount(0);
      await page.goto('/settings');
      await expect(page).toHaveURL(/\/login/);
    });
  });
}

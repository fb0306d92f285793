import { expect, test } from '@playwright/test';
import { login, logout, screenshot } from './support/helpers';

test.describe('community', () => {
  test('shares a post to messaging and social apps and copies its link', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/');
    const card = page.getByTestId('post-card').first();
    const href = await card.locator('a[href^="/posts/"]').first().getAttribute('href');
    const postUrl = new URL((href ?? '/posts/1').replace('#comments', ''), page.url()).toString();
    await card.getByRole('button', { name: 'مشاركة' }).click();
    const dialog = page.getByRole('dialog', { name: 'مشاركة المنشور' });
    const whatsapp = dialog.getByRole('link', { name: /واتساب/ });
    expect(new URL((await whatsapp.getAttribute('href'))!).searchParams.get('text')).toContain(postUrl);
    await expect(whatsapp).toHaveAttribute('target', '_blank');
    for (const name of [/تيليجرام/, /إكس/, /لينكدإن/, /فيسبوك/]) {
      expect(await dialog.getByRole('link', { name }).getAttribute('href')).toContain(
        encodeURIComponent(postUrl),
      );
    }
    await expect(dialog.getByRole('link', { name: /البريد/ })).toHaveAttribute('href', /^mailto:\?subject=/);
    await screenshot(page, 'share-dialog');
    await dialog.getByRole('button', { name: 'نسخ الرابط' }).click();
    await expect(page.getByText('تم نسخ رابط المنشور')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(postUrl);
  });

  test('comments anonymously and another account sees مجهول; edits and deletes an own comment', async ({
    page,
  }) => {
    await login(page, 'noura@ray.sa', 'Demo1234');
    await page.goto('/');
    const href = await page
      .getByTestId('post-card')
      .first()
      .locator('a[href^="/posts/"]')
      .first()
      .getAttribute('href');
    const postPath = (href ?? '/posts/1').replace('#comments', '');
    await page.goto(`${postPath}#comments`);
    await page.getByLabel('اكتب تعليقاً').fill('تعليق سري لا يظهر فيه اسمي');
    await page.getByLabel('تعليق كمجهول').check();
    await page.getByRole('button', { name: 'نشر التعليق' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'تم إضافة التعليق بنجاح' })).toBeVisible();

    await page.getByLabel('اكتب تعليقاً').fill('تعليق عادي سأعدله ثم أحذفه');
    await page.getByRole('button', { name: 'نشر التعليق' }).click();
    const mine = page.getByTestId('comment').filter({ hasText: 'تعليق عادي سأعدله' });
    await mine.getByRole('button', { name: 'خيارات التعليق' }).click();
    await page.getByRole('menuitem', { name: 'تعديل' }).click();
    // While editing, the comment's text lives in the textarea (a combobox: it suggests people after @), so the
    // article is found by its editor.
    const editor = page.getByRole('combobox', { name: 'تعديل التعليق' });
    const editing = page.getByTestId('comment').filter({ has: editor });
    await editor.fill('تعليق بعد التعديل');
    await editing.getByRole('button', { name: /حفظ/ }).click();
    await expect(page.getByText('تعليق بعد التعديل')).toBeVisible();
    const edited = page.getByTestId('comment').filter({ hasText: 'تعليق بعد التعديل' });
    await edited.getByRole('button', { name: 'خيارات التعليق' }).click();
    await page.getByRole('menuitem', { name: 'حذف' }).click();
    await page.getByRole('dialog').getByRole('button', { name: /حذف/ }).click();
    await expect(page.getByText('تعليق بعد التعديل')).toHaveCount(0);
    await logout(page);

    await login(page, 'fahad@ray.sa', 'Demo1234');
    await page.goto(`${postPath}#comments`);
    const secret = page.getByTestId('comment').filter({ hasText: 'تعليق سري لا يظهر فيه اسمي' });
    await expect(secret).toContainText('مجهول');
    await expect(secret).not.toContainText('نورة');
    await expect(secret.getByRole('link', { name: /نورة/ })).toHaveCount(0);
  });

  test('bookmarks a post and finds it on /bookmarks', async ({ page }) => {
    await login(page, 'khalid@ray.sa', 'Demo1234');
    await page.goto('/');
    const card = page.getByTestId('post-card').nth(2);
    const text = (await card.locator('[dir="auto"]').first().innerText()).slice(0, 20);
    await card.getByRole('button', { name: 'خيارات المنشور' }).click();
    await page.getByRole('menuitem', { name: 'حفظ المنشور' }).click();
    await expect(card.getByRole('status').filter({ hasText: 'تم حفظ المنشور' })).toBeVisible();
    await page.goto('/bookmarks');
    await expect(page.getByTestId('post-card').filter({ hasText: text }).first()).toBeVisible();
  });

  test('follows a user and sees the count change', async ({ page }) => {
    await login(page, 'lama@ray.sa', 'Demo1234');
    await page.goto('/');
    // The first post whose author is named (an anonymous one links to no profile).
    await page.getByTestId('post-card').locator('a[href^="/profile/"]').first().click();
    await expect(page).toHaveURL(/\/profile\//);
    const count = page.getByTestId('followers-count');
    const before = Number((await count.innerText()).replace(/[^\d]/g, ''));
    const follow = page.getByRole('button', { name: /^(متابعة|إلغاء المتابعة)$/ });
    const wasFollowing = (await follow.innerText()).includes('إلغاء');
    await follow.click();
    await expect(count).toHaveText(new RegExp(String(wasFollowing ? before - 1 : before + 1)));
  });

  test('a report approved by a moderator hides the post from others', async ({ page }) => {
    test.setTimeout(120_000);
    await login(page, 'turki@ray.sa', 'Demo1234');
    await page.goto('/create-post');
    await page.getByLabel('محتوى المنشور').fill('منشور مخالف سيبلغ عنه ويُخفى');
    await page.getByRole('button', { name: 'نشر', exact: true }).click();
    await expect(page).toHaveURL(/\/posts\/\d+$/);
    const postUrl = new URL(page.url()).pathname;
    await logout(page);

    await login(page, 'reem@ray.sa', 'Demo1234');
    await page.goto(postUrl);
    await page.getByRole('button', { name: 'خيارات المنشور' }).first().click();
    await page.getByRole('menuitem', { name: 'إبلاغ' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('radio').first().check();
    await dialog.getByRole('button', { name: /إرسال/ }).click();
    await expect(page.getByText('تم إرسال الإبلاغ بنجاح').first()).toBeVisible();
    await logout(page);

    await login(page, 'sara@ray.sa', 'Demo1234');
    await page.goto('/moderation');
    const report = page.getByTestId('report').filter({ hasText: 'منشور مخالف سيبلغ عنه' }).first();
    await expect(report).toBeVisible();
    await report.getByRole('button', { name: 'عرض التفاصيل' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'قبول البلاغ وإخفاء المحتوى' }).click();
    await expect(page.getByTestId('stat-Approved')).toContainText('1');
    await logout(page);

    await page.goto(postUrl);
    await expect(page.getByText('لم يتم العثور على المنشور').first()).toBeVisible();
  });
});

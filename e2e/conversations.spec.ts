import { expect, test, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { DESKTOP, PHONE, login, logout, screenshot } from './support/helpers';

const SIZES = [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const;

/** Publishes a post from the create page and answers its path. */
async function publish(page: Page, content: string): Promise<string> {
  await page.goto('/create-post');
  await page.getByLabel('محتوى المنشور').fill(content);
  await page.getByRole('button', { name: 'نشر', exact: true }).click();
  await expect(page).toHaveURL(/\/posts\/\d+$/);
  return new URL(page.url()).pathname;
}

for (const [device, size] of SIZES) {
  test.describe(`conversations on ${device}`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize(size);
    });

    test('mentions someone from the suggestions, replies under the comment, and the mentioned is told', async ({
      page,
    }) => {
      const mentioned = { username: 'lama', email: 'lama@ray.sa', password: 'Demo1234' };
      const marker = randomBytes(3).toString('hex');

      await login(page, 'noura@ray.sa', 'Demo1234');
      const postPath = await publish(page, `منشور ${marker} للنقاش مع @${mentioned.username} حول القهوة`);
      // The post's own mention is a link to the profile.
      await expect(page.getByRole('link', { name: `@${mentioned.username}` }).first()).toHaveAttribute(
        'href',
        /^\/profile\//,
      );

      // Typing after @ suggests people; Enter takes the highlighted one.
      const box = page.getByRole('combobox', { name: 'اكتب تعليقاً' });
      await box.click();
      await box.pressSequentially(`سؤال إلى @${mentioned.username.slice(0, -1)}`);
      const listbox = page.getByRole('listbox', { name: 'اقتراحات الأشخاص' });
      const option = listbox.getByRole('option').filter({ hasText: new RegExp(`@${mentioned.username}$`) });
      await expect(option).toBeVisible();
      await expect(box).toHaveAttribute('aria-expanded', 'true');
      await screenshot(page, `mention-suggestions-${device}`);
      await option.click();
      await expect(box).toHaveValue(`سؤال إلى @${mentioned.username} `);
      await expect(listbox).toHaveCount(0);
      await box.pressSequentially('ما رأيك؟');
      await page.getByRole('button', { name: 'نشر التعليق' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'تم إضافة التعليق بنجاح' })).toBeVisible();

      const comment = page.getByTestId('comment').filter({ hasText: 'ما رأيك؟' }).first();
      const link = comment.getByRole('link', { name: `@${mentioned.username}` });
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute('href', /^\/profile\//);

      // «ردّ» opens a reply box under the thread; the reply appears under the comment, indented.
      await comment.getByRole('button', { name: 'ردّ' }).click();
      const replyBox = page.getByRole('combobox', { name: 'اكتب ردّك' });
      await expect(replyBox).toBeFocused();
      await replyBox.fill('ردّ في المحادثة نفسها');
      await page.getByRole('button', { name: 'نشر الردّ' }).click();
      await expect(page.getByText('تم نشر الردّ')).toBeVisible();
      const replies = page.getByRole('list', { name: /^الردود على/ });
      await expect(replies.getByTestId('comment').filter({ hasText: 'ردّ في المحادثة نفسها' })).toBeVisible();
      await screenshot(page, `replies-${device}`);

      // After a reload the thread shows its count, and the replies load on demand.
      await page.reload();
      const thread = page.getByRole('button', { name: /^عرض الردود \(1\)/ }).last();
      await expect(thread).toBeVisible();
      await thread.click();
      await expect(page.getByText('ردّ في المحادثة نفسها')).toBeVisible();

      // The mentioned person is told, and the notification opens the post. The mentions in the post and in its
      // comment are one card (same kind, same post), which carries the newest of them, the comment.
      await logout(page);
      await login(page, mentioned.email, mentioned.password);
      await page.goto('/notifications');
      const notice = page
        .getByTestId('notification')
        .filter({ hasText: 'أشار إليك' })
        .filter({ hasText: `سؤال إلى @${mentioned.username} ما رأيك؟` })
        .first();
      await expect(notice).toBeVisible();
      await expect(notice).toContainText('نورة');
      await notice.click();
      await expect(page).toHaveURL(new RegExp(`${postPath}$`));
      await expect(page.getByRole('link', { name: `@${mentioned.username}` }).first()).toBeVisible();
    });
  });
}

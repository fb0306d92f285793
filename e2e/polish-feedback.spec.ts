import { expect, test, type Locator, type Page } from '@playwright/test';
import { PHONE, login, screenshot } from './support/helpers';

const SIZES = [
  ['phone', PHONE, 'noura@ray.sa'],
  ['desktop', { width: 1366, height: 900 }, 'sara@ray.sa'],
] as const;

/** The toasts on screen (the toaster marks each with its tone). */
const toasts = (page: Page) => page.locator('[data-toast]');

/** Whether `status` sits beside `control`: on the same line, or just below it, within the same container. */
async function expectBeside(status: Locator, control: Locator) {
  const [a, b] = await Promise.all([status.boundingBox(), control.boundingBox()]);
  expect(a, 'the status is shown').not.toBeNull();
  expect(b).not.toBeNull();
  const statusMiddle = a!.y + a!.height / 2;
  expect(statusMiddle).toBeGreaterThan(b!.y - 4);
  expect(statusMiddle).toBeLessThan(b!.y + b!.height + 4);
}

for (const [device, size, email] of SIZES) {
  test.describe(`quiet feedback on ${device}`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize(size);
      await login(page, email, 'Demo1234');
      // The sign-in toast has done its work; what follows must not add one.
      if ((await toasts(page).count()) > 0) await toasts(page).getByRole('button', { name: 'إغلاق' }).click();
      await expect(toasts(page)).toHaveCount(0);
    });

    test('a vote, a save and a comment confirm beside their control, for screen readers too, and no toast', async ({
      page,
    }) => {
      await page.goto('/');
      const card = page
        .getByTestId('post-card')
        .filter({ has: page.getByRole('button', { name: 'أعجبني' }) })
        .first();
      const like = card.getByRole('button', { name: 'أعجبني' });
      const wasLiked = (await like.getAttribute('aria-pressed')) === 'true';
      await like.click();
      const voteStatus = card
        .getByRole('status')
        .filter({ hasText: wasLiked ? 'تم إلغاء تصويتك' : 'تم تسجيل إعجابك' });
      await expect(voteStatus).toBeVisible();
      await expect(voteStatus).toHaveAttribute('aria-live', 'polite');
      await expectBeside(voteStatus, like);
      // The focus stays on the button pressed.
      await expect(like).toBeFocused();
      await expect(toasts(page)).toHaveCount(0);
      await screenshot(page, `polish-feedback-vote-${device}`);
      // A moment later it is gone, and the region stays for the next one.
      await expect(voteStatus).toHaveCount(0, { timeout: 5_000 });
      await expect(card.getByRole('status').first()).toHaveText('');

      // Saving from a card's menu: the menu closes, and the card's action row says it was saved.
      const saveFrom = page.getByTestId('post-card').nth(2);
      await saveFrom.getByRole('button', { name: 'خيارات المنشور' }).click();
      const save = page.getByRole('menuitem', { name: /^(حفظ المنشور|إلغاء الحفظ)$/ });
      const saving = (await save.innerText()).trim() === 'حفظ المنشور';
      await save.click();
      const saveStatus = saveFrom
        .getByRole('status')
        .filter({ hasText: saving ? 'تم حفظ المنشور' : 'تم إلغاء حفظ المنشور' });
      await expect(saveStatus).toBeVisible();
      await expect(saveStatus).toHaveAttribute('aria-live', 'polite');
      await expect(toasts(page)).toHaveCount(0);
      await screenshot(page, `polish-feedback-bookmark-card-${device}`);

      // On the post's page: the save button, then the comment form.
      const href = await card.locator('a[href^="/posts/"]').first().getAttribute('href');
      await page.goto((href ?? '/posts/1').replace('#comments', ''));
      const detail = page.getByTestId('post-detail');
      const toggle = detail.getByRole('button', { name: /^(حفظ المنشور|إلغاء الحفظ)$/ });
      const wasSaved = (await toggle.innerText()).includes('إلغاء');
      await toggle.click();
      const detailStatus = detail
        .getByRole('status')
        .filter({ hasText: wasSaved ? 'تم إلغاء حفظ المنشور' : 'تم حفظ المنشور' });
      await expect(detailStatus).toBeVisible();
      await expectBeside(detailStatus, toggle);
      await expect(toasts(page)).toHaveCount(0);
      await screenshot(page, `polish-feedback-bookmark-detail-${device}`);

      const text = `تعليق يؤكد نفسه بهدوء ${device}`;
      await page.getByLabel('اكتب تعليقاً').fill(text);
      const submit = page.getByRole('button', { name: 'نشر التعليق' });
      await submit.click();
      await expect(page.getByTestId('comment').filter({ hasText: text })).toBeVisible();
      const commentStatus = page.getByRole('status').filter({ hasText: 'تم إضافة التعليق بنجاح' });
      await expect(commentStatus).toBeVisible();
      await expect(commentStatus).toHaveAttribute('aria-live', 'polite');
      await expectBeside(commentStatus, submit);
      await expect(toasts(page)).toHaveCount(0);
      await commentStatus.scrollIntoViewIfNeeded();
      await screenshot(page, `polish-feedback-comment-${device}`);
    });

    test('a reply, an edit and a deletion confirm where the conversation shows them, and no toast', async ({
      page,
    }) => {
      await page.goto('/');
      const href = await page
        .getByTestId('post-card')
        .first()
        .locator('a[href^="/posts/"]')
        .first()
        .getAttribute('href');
      await page.goto((href ?? '/posts/1').replace('#comments', ''));
      const text = `تعليق تتبعه محادثة ${device} ${Date.now()}`;
      await page.getByLabel('اكتب تعليقاً').fill(text);
      const submit = page.getByRole('button', { name: 'نشر التعليق' });
      await submit.click();
      const comment = page.getByTestId('comment').filter({ hasText: text });
      await expect(comment).toBeVisible();

      // A reply: confirmed beside the replies' own controls, under the thread.
      await comment.getByRole('button', { name: 'ردّ' }).click();
      await page.getByRole('combobox', { name: 'اكتب ردّك' }).fill(`ردّ هادئ ${device}`);
      await page.getByRole('button', { name: 'نشر الردّ' }).click();
      const replies = page.getByRole('list', { name: /^الردود على/ });
      const reply = replies.getByTestId('comment').filter({ hasText: `ردّ هادئ ${device}` });
      await expect(reply).toBeVisible();
      const replyStatus = replies.getByRole('status').filter({ hasText: 'تم نشر الردّ' });
      await expect(replyStatus).toBeVisible();
      await expect(replyStatus).toHaveAttribute('aria-live', 'polite');
      await expectBeside(replyStatus, replies.getByRole('button', { name: 'إخفاء الردود' }));
      await expect(toasts(page)).toHaveCount(0);
      await screenshot(page, `polish-feedback-reply-${device}`);

      // An edit of the reply: confirmed beside its «ردّ». (While edited, its text is in the editor: the reply is
      // found by its id.)
      const edited = page.locator(`[data-comment-id="${await reply.getAttribute('data-comment-id')}"]`);
      await edited.getByRole('button', { name: 'خيارات التعليق' }).click();
      await page.getByRole('menuitem', { name: 'تعديل' }).click();
      await edited.getByRole('combobox').fill(`ردّ هادئ ${device} بعد التعديل`);
      await edited.getByRole('button', { name: 'حفظ' }).click();
      await expect(edited).toContainText('بعد التعديل');
      const editStatus = edited.getByRole('status').filter({ hasText: 'تم تعديل التعليق' });
      await expect(editStatus).toBeVisible();
      await expectBeside(editStatus, edited.getByRole('button', { name: 'ردّ' }));
      await expect(toasts(page)).toHaveCount(0);
      await screenshot(page, `polish-feedback-edit-${device}`);

      // The reply deleted: it leaves, and the replies' controls say so.
      await edited.getByRole('button', { name: 'خيارات التعليق' }).click();
      await page.getByRole('menuitem', { name: 'حذف' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'حذف التعليق' }).click();
      await expect(edited).toHaveCount(0);
      await expect(page.getByRole('status').filter({ hasText: 'تم حذف التعليق' })).toBeVisible();
      await expect(toasts(page)).toHaveCount(0);

      // The comment deleted: its thread leaves with it, and the comment form's button says so.
      await expect(page.getByRole('status').filter({ hasText: 'تم حذف التعليق' })).toHaveCount(0, {
        timeout: 5_000,
      });
      await comment.getByRole('button', { name: 'خيارات التعليق' }).first().click();
      await page.getByRole('menuitem', { name: 'حذف' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'حذف التعليق' }).click();
      await expect(comment).toHaveCount(0);
      const deleteStatus = page.getByRole('status').filter({ hasText: 'تم حذف التعليق' });
      await expect(deleteStatus).toBeVisible();
      await expectBeside(deleteStatus, submit);
      await expect(toasts(page)).toHaveCount(0);
    });

    test('two failures in a row leave one toast, the newer, announced as an alert', async ({ page }) => {
      await page.goto('/');
      const href = await page
        .getByTestId('post-card')
        .filter({ has: page.getByRole('button', { name: 'أعجبني' }) })
        .first()
        .locator('a[href^="/posts/"]')
        .first()
        .getAttribute('href');
      await page.goto((href ?? '/posts/1').replace('#comments', ''));
      const detail = page.getByTestId('post-detail');
      await expect(detail).toBeVisible();
      // The connection drops for votes and saves only: the page itself stays loaded.
      await page.route('**/api/votes', (route) => route.abort('internetdisconnected'));
      await page.route('**/api/bookmarks**', (route) => route.abort('internetdisconnected'));

      await detail.getByRole('button', { name: 'أعجبني' }).click();
      await expect(toasts(page).filter({ hasText: 'فشل في التصويت' })).toBeVisible();
      await detail.getByRole('button', { name: /^(حفظ المنشور|إلغاء الحفظ)$/ }).click();
      await expect(toasts(page).filter({ hasText: 'فشل في العملية' })).toBeVisible();
      await expect(toasts(page)).toHaveCount(1);
      await expect(toasts(page)).toHaveAttribute('role', 'alert');
      await expect(page.getByText('فشل في التصويت')).toHaveCount(0);
      // Neither failure confirms anything in place.
      await expect(detail.getByRole('status').filter({ hasText: /^تم/ })).toHaveCount(0);
      await screenshot(page, `polish-feedback-one-toast-${device}`);

      // Dismissible, and nothing is left behind it.
      await toasts(page).getByRole('button', { name: 'إغلاق' }).click();
      await expect(toasts(page)).toHaveCount(0);
    });
  });
}

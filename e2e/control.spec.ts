import { randomBytes } from 'node:crypto';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { DESKTOP, PHONE, newUser, register, screenshot, type NewUser } from './support/helpers';

async function publish(page: Page, content: string, anonymous = false) {
  await page.goto('/create-post');
  await page.getByLabel('محتوى المنشور').fill(content);
  if (anonymous) await page.getByLabel('نشر كمجهول').check();
  await page.getByRole('button', { name: 'نشر', exact: true }).click();
  await expect(page).toHaveURL(/\/posts\/\d+$/);
}

/** A new person in a browser of their own who writes the given posts. */
async function author(browser: Browser, contents: string[], anonymous: string[] = []): Promise<NewUser> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const user = newUser();
  await register(page, user);
  for (const content of contents) await publish(page, content);
  for (const content of anonymous) await publish(page, content, true);
  await context.close();
  return user;
}

const card = (page: Page, text: string) => page.getByTestId('post-card').filter({ hasText: text });

async function openMenu(page: Page, text: string) {
  await card(page, text).getByRole('button', { name: 'خيارات المنشور' }).click();
}

async function noHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe('blocking, muting and muted words', () => {
  test('block and mute from a post menu, mute a word in settings, and the lists at phone width', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const id = randomBytes(3).toString('hex');
    const blockedText = `رأي من سيُحظر ${id}`;
    const wordText = `أحب القهوة المختصة${id} كثيراً`;
    const mutedText = `رأي من سيُكتم ${id}`;
    const blocked = await author(browser, [blockedText]);
    const muted = await author(browser, [mutedText, wordText]);

    await page.setViewportSize(DESKTOP);
    await register(page, newUser());

    // A muted word: the matching post leaves the feed, and comes back once the word is removed.
    await page.goto('/');
    await expect(card(page, wordText)).toBeVisible();
    await page.goto('/settings?tab=privacy');
    const section = page.getByTestId('privacy-section');
    await expect(section.getByRole('heading', { name: 'الخصوصية والأمان' })).toBeVisible();
    await section.getByLabel('كلمة أو وسم').fill('  ');
    await section.getByRole('button', { name: 'كتم الكلمة' }).click();
    await expect(section.getByText('اكتب كلمة أو وسماً لكتمه')).toBeVisible();
    // Written with another form of the letters: the match is Arabic-normalised.
    await section.getByLabel('كلمة أو وسم').fill(`المختصه${id}`);
    await section.getByRole('button', { name: 'كتم الكلمة' }).click();
    await expect(section.getByTestId('muted-word').filter({ hasText: `المختصه${id}` })).toBeVisible();
    await expect(section.getByText('كلمة واحدة')).toBeVisible();
    await noHorizontalScroll(page);
    await screenshot(page, 'privacy-settings-desktop');
    await page.goto('/');
    await expect(card(page, mutedText)).toBeVisible();
    await expect(card(page, wordText)).toHaveCount(0);
    await page.goto('/settings?tab=privacy');
    await section.getByRole('button', { name: `إلغاء كتم «المختصه${id}»` }).click();
    await expect(section.getByText('لا كلمات مكتومة.')).toBeVisible();
    await page.goto('/');
    await expect(card(page, wordText)).toBeVisible();

    // Block from the post menu, with a confirmation: the person's posts leave the feed in place.
    await openMenu(page, blockedText);
    await page.getByRole('menuitem', { name: `حظر \u2066@${blocked.username}\u2069` }).click();
    const dialog = page.getByRole('dialog', { name: `حظر \u2066@${blocked.username}\u2069؟` });
    await expect(dialog).toBeVisible();
    await screenshot(page, 'block-dialog-desktop');
    await dialog.getByRole('button', { name: 'حظر', exact: true }).click();
    await expect(page.getByText(`تم حظر \u2066@${blocked.username}\u2069`)).toBeVisible();
    await expect(card(page, blockedText)).toHaveCount(0);
    await expect(card(page, mutedText)).toBeVisible();

    // Mute from the post menu: both of that person's posts go.
    await openMenu(page, mutedText);
    await page.getByRole('menuitem', { name: `كتم \u2066@${muted.username}\u2069` }).click();
    await page
      .getByRole('dialog', { name: `كتم \u2066@${muted.username}\u2069؟` })
      .getByRole('button', { name: 'كتم', exact: true })
      .click();
    await expect(card(page, mutedText)).toHaveCount(0);
    await expect(card(page, wordText)).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('post-card').first()).toBeVisible();
    await expect(card(page, blockedText)).toHaveCount(0);
    await expect(card(page, mutedText)).toHaveCount(0);

    // The lists in settings, at phone width.
    await page.setViewportSize(PHONE);
    await page.goto('/settings?tab=privacy');
    const blockedList = page.getByTestId('blocked-people');
    const mutedList = page.getByTestId('muted-people');
    await expect(blockedList.getByText(`@${blocked.username}`)).toBeVisible();
    await expect(mutedList.getByText(`@${muted.username}`)).toBeVisible();
    await expect(blockedList.getByText('حساب واحد')).toBeVisible();
    await noHorizontalScroll(page);
    await screenshot(page, 'privacy-settings-phone');

    await blockedList.getByRole('button', { name: /^إلغاء حظر/ }).click();
    await expect(page.getByText(`تم إلغاء حظر \u2066@${blocked.username}\u2069`)).toBeVisible();
    await expect(blockedList.getByText('لم تحظر أحداً.')).toBeVisible();
    await page.goto('/');
    await expect(card(page, blockedText)).toBeVisible();
    await expect(card(page, mutedText)).toHaveCount(0);
  });

  test('the profile offers block and unblock and shows the blocked state', async ({ page, browser }) => {
    const id = randomBytes(3).toString('hex');
    const text = `رأي في ملف شخصي ${id}`;
    const other = await author(browser, [text]);
    await page.setViewportSize(PHONE);
    await register(page, newUser());
    await page.goto('/');
    await card(page, text).getByRole('link', { name: 'ريم الشمري' }).first().click();
    await expect(page).toHaveURL(/\/profile\//);
    await expect(page.getByText(text)).toBeVisible();
    await page.getByRole('button', { name: `حظر \u2066@${other.username}\u2069` }).click();
    await page
      .getByRole('dialog', { name: `حظر \u2066@${other.username}\u2069؟` })
      .getByRole('button', { name: 'حظر', exact: true })
      .click();
    await expect(page.getByTestId('profile-unavailable')).toContainText(
      `لقد حظرت \u2066@${other.username}\u2069`,
    );
    await expect(page.getByText(text)).toHaveCount(0);
    await noHorizontalScroll(page);
    await screenshot(page, 'profile-blocked-phone');
    await page.getByRole('button', { name: 'إلغاء الحظر' }).click();
    await expect(page.getByText(text)).toBeVisible();
  });

  test('the post page offers block in its menu, never on an anonymous post, and leaves once blocked', async ({
    page,
    browser,
  }) => {
    const id = randomBytes(3).toString('hex');
    const text = `رأي في صفحته ${id}`;
    const anonymousText = `رأي بلا اسم ${id}`;
    const other = await author(browser, [text], [anonymousText]);
    await page.setViewportSize(PHONE);
    await register(page, newUser());
    await page.goto('/');
    await card(page, anonymousText).getByRole('button', { name: 'خيارات المنشور' }).click();
    await expect(page.getByRole('menuitem', { name: 'إبلاغ' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: /^حظر @|^كتم @/ })).toHaveCount(0);
    await page.keyboard.press('Escape');

    await card(page, text)
      .getByRole('link', { name: /الانتقال إلى التعليقات/ })
      .click();
    await expect(page.getByTestId('post-detail')).toContainText(text);
    await page.getByTestId('post-detail').getByRole('button', { name: 'خيارات المنشور' }).click();
    await page.getByRole('menuitem', { name: `حظر \u2066@${other.username}\u2069` }).click();
    await page
      .getByRole('dialog', { name: `حظر \u2066@${other.username}\u2069؟` })
      .getByRole('button', { name: 'حظر', exact: true })
      .click();
    await expect(page.getByText(`تم حظر \u2066@${other.username}\u2069`)).toBeVisible();
    await expect(page).not.toHaveURL(/\/posts\/\d+/);
    // The anonymous post of the same person stays, for them as for everyone.
    await page.goto('/');
    await expect(card(page, anonymousText)).toBeVisible();
    await expect(card(page, text)).toHaveCount(0);
  });
});

import { expect, test } from '@playwright/test';
import { login } from './support/helpers';

test('a comment from another account raises the bell and shows a toast without a reload', async ({
  browser,
}) => {
  const author = await browser.newContext();
  const commenter = await browser.newContext();
  const a = await author.newPage();
  const b = await commenter.newPage();

  await login(a, 'abdullah@ray.sa', 'Demo1234');
  await a.goto('/create-post');
  await a.getByLabel('محتوى المنشور').fill('من يعرف مطعماً جيداً للفطور في الرياض؟');
  await a.getByRole('button', { name: 'نشر', exact: true }).click();
  await expect(a).toHaveURL(/\/posts\/\d+$/);
  const postPath = new URL(a.url()).pathname;
  await a.goto('/');
  const badge = a.getByTestId('unread-badge');
  const before = (await badge.count()) > 0 ? await badge.innerText() : '0';

  await login(b, 'sara@ray.sa', 'Demo1234');
  await b.goto(`${postPath}#comments`);
  await b.getByLabel('اكتب تعليقاً').fill('جرّب مطعم الفطور في حي السفارات');
  await b.getByRole('button', { name: 'نشر التعليق' }).click();

  await expect(a.getByText(/علّق على منشورك/).first()).toBeVisible({ timeout: 10_000 });
  await expect(badge).toBeVisible();
  await expect(badge).not.toHaveText(before);
  await author.close();
  await commenter.close();
});

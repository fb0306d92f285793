import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { DESKTOP, login, logout, screenshot } from './support/helpers';

const MODERATOR = { email: 'sara@ray.sa', password: 'Demo1234' };
const REPORTER = { email: 'reem@ray.sa', password: 'Demo1234' };

async function api<T>(request: APIRequestContext, url: string, token: string | null, data: unknown) {
  const response = await request.post(url, {
    data,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()) as T;
}

test('a moderator suspends the hidden author of an anonymous post, who then sees the suspension', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  const id = randomBytes(3).toString('hex');
  const author = {
    firstName: 'لمى',
    lastName: `الحربي${id}`,
    username: `lama${id}`,
    email: `lama.${id}@example.com`,
    password: 'Qahwa2030',
  };
  const account = await api<{ token: string }>(request, '/api/account/register', null, {
    ...author,
    confirmPassword: author.password,
  });
  const content = `رأي مجهول مسيء للاختبار ${id}`;
  const post = await api<{ id: number }>(request, '/api/posts', account.token, {
    content,
    isAnonymous: true,
  });
  const reporter = await api<{ token: string }>(request, '/api/account/login', null, {
    username: REPORTER.email,
    password: REPORTER.password,
  });
  await api(request, '/api/reports', reporter.token, { PostId: post.id, Reason: 'HateSpeech' });

  // The author has the app open in their own browser all along.
  const authorContext = await browser.newContext({ viewport: DESKTOP });
  const authorPage = await authorContext.newPage();
  await login(authorPage, author.email, author.password);
  await expect(authorPage.locator('main')).toBeVisible();
  await expect(authorPage.getByTestId('suspension-notice')).toHaveCount(0);

  // The moderator sees the report with «مجهول» as its author, and nothing that names them.
  await login(page, MODERATOR.email, MODERATOR.password);
  await page.goto('/moderation');
  const report = page.getByTestId('report').filter({ hasText: content }).first();
  await expect(report).toBeVisible();
  await report.getByRole('button', { name: 'عرض التفاصيل' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('content-author')).toHaveText('مجهول');
  for (const clue of [author.lastName, author.username, author.email])
    await expect(dialog).not.toContainText(clue);
  await expect(dialog.getByTestId('author-actions')).toContainText('مخفية عن فريق الإشراف أيضاً');

  // A suspension needs a moment between an hour and a year ahead.
  await dialog.getByRole('button', { name: 'إيقاف مؤقت' }).click();
  const until = dialog.getByLabel('موقوف عن النشر والتعليق والتصويت حتى');
  await until.fill('2020-01-01T10:00');
  await dialog.getByRole('button', { name: 'إيقاف صاحب المحتوى' }).click();
  await expect(dialog.getByText('يجب أن ينتهي الإيقاف بعد ساعة على الأقل من الآن')).toBeVisible();
  await dialog.getByRole('button', { name: 'أسبوع' }).click();
  await screenshot(page, 'moderation-suspend-anonymous-author');
  await dialog.getByRole('button', { name: 'إيقاف صاحب المحتوى' }).click();
  await expect(page.getByText(/تم الإيقاف عن النشر والتعليق والتصويت حتى/)).toBeVisible();
  await page.keyboard.press('Escape');
  await logout(page);

  // The open page shows the suspension as the team's notice arrives, without a reload.
  await expect(authorPage.getByTestId('suspension-notice').first()).toContainText(
    'حسابك موقوف عن النشر والتعليق والتصويت حتى',
  );
  await authorContext.close();

  // The author is told in their composer and their settings, and the server refuses their comment.
  await login(page, author.email, author.password);
  const notice = page.getByTestId('suspension-notice').first();
  await expect(notice).toContainText('حسابك موقوف عن النشر والتعليق والتصويت حتى');
  await expect(notice).toContainText(/\d{4}/);
  await screenshot(page, 'suspended-author-home');
  await page.goto('/settings');
  await expect(page.getByTestId('suspension-notice')).toBeVisible();
  await page.goto(`/posts/${post.id}`);
  await page.getByLabel('اكتب تعليقاً').fill('هل يمكنني التعليق؟');
  await page.getByRole('button', { name: 'نشر التعليق' }).click();
  await expect(page.getByText(/^حسابك موقوف عن النشر والتعليق والتصويت حتى/).first()).toBeVisible();
  await expect(page.getByText('لا توجد تعليقات بعد')).toBeVisible();

  // And the notification from the moderation team is waiting for them.
  await page.goto('/notifications');
  await expect(page.getByText(/أوقف فريق الإشراف حسابك عن النشر والتعليق والتصويت حتى/)).toBeVisible();
});

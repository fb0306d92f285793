import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { login, PHONE, screenshot } from './support/helpers';

const OWNER = { email: 'turki@ray.sa', password: 'Demo1234' };
const OTHER = { email: 'khalid@ray.sa', password: 'Demo1234' };
const WIDE = { width: 1366, height: 900 };

async function api<T>(
  request: APIRequestContext,
  method: 'POST' | 'PUT' | 'GET',
  url: string,
  token: string | null,
  data?: unknown,
) {
  const response = await request.fetch(url, {
    method,
    ...(data === undefined ? {} : { data }),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()) as T;
}

const signIn = async (request: APIRequestContext, user: { email: string; password: string }) =>
  (
    await api<{ token: string }>(request, 'POST', '/api/account/login', null, {
      username: user.email,
      password: user.password,
    })
  ).token;

test('likes turned off in the app stay off after a reload, and a like then tells nothing while a comment does', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const ownerToken = await signIn(request, OWNER);
  try {
    await page.setViewportSize(WIDE);
    await login(page, OWNER.email, OWNER.password);
    await page.goto('/settings#notifications');

    await expect(page.getByRole('tab', { name: 'الإشعارات' })).toHaveAttribute('aria-selected', 'true');
    const section = page.locator('#notifications');
    await expect(section.getByRole('heading', { name: 'الإشعارات', level: 2 })).toBeVisible();
    const likeInApp = section.getByRole('switch', { name: 'إعجاب/عدم إعجاب في التطبيق' });
    await expect(likeInApp).toHaveAttribute('aria-checked', 'true');
    await screenshot(page, 'notification-settings-wide');

    // Keyboard: the switch is a button, so Space turns it.
    await likeInApp.focus();
    await page.keyboard.press('Space');
    await expect(likeInApp).toHaveAttribute('aria-checked', 'false');
    await expect(section.getByRole('status')).toHaveText('تم الحفظ');

    await page.reload();
    await expect(section.getByRole('switch', { name: 'إعجاب/عدم إعجاب في التطبيق' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    await expect(section.getByRole('switch', { name: 'تعليق في التطبيق' })).toHaveAttribute(
      'aria-checked',
      'true',
    );

    await page.setViewportSize(PHONE);
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'notification-settings-phone');
    // At phone width the three channels sit under each kind, and nothing runs off the side of the page.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // Another user likes a new post of theirs, then comments on it.
    const id = randomBytes(3).toString('hex');
    const postText = `منشور لاختبار إعدادات الإشعارات ${id}`;
    const commentText = `تعليق يصل رغم إيقاف الإعجاب ${id}`;
    const post = await api<{ id: number }>(request, 'POST', '/api/posts', ownerToken, { content: postText });
    const otherToken = await signIn(request, OTHER);
    await api(request, 'POST', '/api/votes', otherToken, { postId: post.id, value: 1 });
    await api(request, 'POST', '/api/comments', otherToken, { postId: post.id, content: commentText });

    await page.setViewportSize(WIDE);
    await page.goto('/notifications');
    const notifications = page.getByTestId('notification');
    await expect(notifications.filter({ hasText: commentText })).toHaveCount(1);
    await expect(notifications.filter({ hasText: commentText })).toContainText('علّق على منشورك');
    await expect(notifications.filter({ hasText: postText })).toHaveCount(0);
    const stored = await api<{ type: string; postId: number | null }[]>(
      request,
      'GET',
      '/api/notifications/user?limit=50',
      ownerToken,
    );
    expect(stored.filter((notification) => notification.postId === post.id).map((n) => n.type)).toEqual([
      'comment',
    ]);
  } finally {
    // The demo account gets its likes back for the browser tests that follow.
    await api(request, 'PUT', '/api/notifications/preferences', ownerToken, {
      kinds: { like: { inApp: true, push: false, digest: true } },
    });
  }
});

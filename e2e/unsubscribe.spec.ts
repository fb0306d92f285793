import { createHmac, hkdfSync } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { PHONE, screenshot } from './support/helpers';

const READER = { email: 'haifa@ray.sa', password: 'Demo1234' };
const WIDE = { width: 1366, height: 900 };
/** JWT_SECRET of the test server (playwright.config.ts). */
const SERVER_SECRET = 'e2e-signing-secret-that-is-long-enough-for-hs256';

/** An unsubscribe link's token, signed as the server signs it (apps/server/src/lib/unsubscribe-tokens.ts). */
function unsubscribeToken(userId: string): string {
  const key = Buffer.from(hkdfSync('sha256', SERVER_SECRET, 'ray', 'unsubscribe link v1', 32));
  return `${userId}.digest.${createHmac('sha256', key).update(`digest\n${userId}`).digest('base64url')}`;
}

async function signIn(request: APIRequestContext) {
  const response = await request.post('/api/account/login', {
    data: { username: READER.email, password: READER.password },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as { token: string; userId: string };
}

async function digestOf(request: APIRequestContext, token: string) {
  const response = await request.get('/api/notifications/preferences', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { digest: string }).digest;
}

async function subscribe(request: APIRequestContext, token: string) {
  const response = await request.put('/api/notifications/preferences', {
    headers: { authorization: `Bearer ${token}` },
    data: { digest: 'daily' },
  });
  expect(response.status(), await response.text()).toBe(200);
  expect(await digestOf(request, token)).toBe('daily');
}

async function unsubscribeThroughThePage(
  page: Page,
  request: APIRequestContext,
  size: typeof PHONE,
  name: string,
) {
  const reader = await signIn(request);
  await subscribe(request, reader.token);
  await page.setViewportSize(size);
  // Not signed in in this browser: the link alone is enough.
  await page.goto(`/unsubscribe?token=${encodeURIComponent(unsubscribeToken(reader.userId))}`);
  await expect(page.getByRole('heading', { name: 'إلغاء الاشتراك في الملخص', level: 1 })).toBeVisible();
  await expect(page.getByText('تبقى رسائل الأمان')).toBeVisible();
  // Opening the page changes nothing: mail scanners open links too.
  expect(await digestOf(request, reader.token)).toBe('daily');
  await screenshot(page, `${name}-before`);

  await page.getByRole('button', { name: 'إلغاء الاشتراك', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'تم إلغاء اشتراكك', level: 1 })).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: 'تم إلغاء اشتراكك في ملخص رأي، ولن تصلك رسائله بعد الآن.' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'إعدادات الإشعارات' })).toHaveAttribute(
    'href',
    '/settings#notifications',
  );
  await screenshot(page, `${name}-done`);
  expect(await digestOf(request, reader.token)).toBe('off');
}

test('a digest reader leaves the digest from the mailed link on a phone, with one click', async ({
  page,
  request,
}) => {
  await unsubscribeThroughThePage(page, request, PHONE, 'unsubscribe-phone');
});

test('the same on a wide screen, and a link that was tampered with changes nothing', async ({
  page,
  request,
}) => {
  await unsubscribeThroughThePage(page, request, WIDE, 'unsubscribe-wide');

  const reader = await signIn(request);
  await subscribe(request, reader.token);
  const token = unsubscribeToken(reader.userId);
  const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
  await page.goto(`/unsubscribe?token=${encodeURIComponent(tampered)}`);
  await page.getByRole('button', { name: 'إلغاء الاشتراك', exact: true }).click();
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'رابط إلغاء الاشتراك غير صالح. افتح الرابط كما وصلك في الرسالة.' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'تعذّر إلغاء الاشتراك', level: 1 })).toBeVisible();
  // A refused link is not offered again: asking twice would not help.
  await expect(page.getByRole('button', { name: 'إلغاء الاشتراك', exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'العودة إلى الرئيسية' })).toBeVisible();
  await screenshot(page, 'unsubscribe-wide-tampered');
  expect(await digestOf(request, reader.token)).toBe('daily');

  // Without a token there is nothing to click.
  await page.goto('/unsubscribe');
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'رابط إلغاء الاشتراك غير صالح. افتح الرابط كما وصلك في الرسالة.' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'إلغاء الاشتراك', exact: true })).toHaveCount(0);
});

import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { login, PHONE, screenshot } from './support/helpers';

const OWNER = { email: 'noura@ray.sa', password: 'Demo1234' };
const FIRST = { email: 'sara@ray.sa', password: 'Demo1234' };
const SECOND = { email: 'admin@ray.sa', password: 'Admin1234' };
const WIDE = { width: 1366, height: 900 };
const SIZES = [
  ['phone', PHONE],
  ['wide', WIDE],
] as const;

/** First strong isolate … pop directional isolate, around each name the server writes into a sentence. */
const isolated = (name: string) => `\u2068${name}\u2069`;

async function api<T>(request: APIRequestContext, url: string, token: string | null, data?: unknown) {
  const response = await request.fetch(url, {
    method: data === undefined ? 'GET' : 'POST',
    ...(data === undefined ? {} : { data }),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()) as T;
}

async function signIn(request: APIRequestContext, user: { email: string; password: string }) {
  const session = await api<{ token: string; userId: string }>(request, '/api/account/login', null, {
    username: user.email,
    password: user.password,
  });
  const profile = await api<{ displayName: string }>(request, `/api/users/${session.userId}`, session.token);
  return { token: session.token, name: profile.displayName };
}

/** The line that says how many posts the search found. */
const resultsLine = (page: Page, word: string) =>
  page.locator('p[aria-live="polite"]').filter({ hasText: word });

test('the search counts its results with Arabic number agreement', async ({ page, request }) => {
  const owner = await signIn(request, OWNER);
  const id = randomBytes(3).toString('hex');
  // Three posts and three words: the first word is in one post, the second in two, the third in all three.
  const words = ['zephyr', 'quartz', 'lumen'].map((word) => `${word}${id}`);
  for (const [index] of words.entries())
    await api(request, '/api/posts', owner.token, {
      content: `${words.slice(index).join(' ')} منشور تجريبي للعد`,
    });
  const expected = ['نتيجة واحدة للبحث عن', 'نتيجتان للبحث عن', '3 نتائج للبحث عن'];
  for (const [index, word] of words.entries()) {
    await page.goto(`/search?q=${word}`);
    const line = resultsLine(page, word);
    await expect(line).toContainText(expected[index]!);
    // Never a bare number before a singular noun («3 نتيجة»).
    await expect(line).not.toContainText(`${index + 1} نتيجة`);
  }
  for (const [device, size] of SIZES) {
    await page.setViewportSize(size);
    await page.goto(`/search?q=${words[2]}`);
    await expect(resultsLine(page, words[2]!)).toContainText('3 نتائج');
    await screenshot(page, `polish-plural-search-${device}`);
  }
});

test('a notification names both commenters and keeps an English-first excerpt in its own direction', async ({
  page,
  request,
}) => {
  const owner = await signIn(request, OWNER);
  const first = await signIn(request, FIRST);
  const second = await signIn(request, SECOND);
  const id = randomBytes(3).toString('hex');
  const post = await api<{ id: number }>(request, '/api/posts', owner.token, {
    content: `ما رأيكم في القراءة قبل النوم؟ ${id}`,
  });
  await api(request, '/api/comments', first.token, { postId: post.id, content: `عادة جميلة ${id}` });
  const excerpt = `Great idea ${id}، أوافقك تماماً`;
  await api(request, '/api/comments', second.token, { postId: post.id, content: excerpt });

  await login(page, OWNER.email, OWNER.password);
  for (const [device, size] of SIZES) {
    await page.setViewportSize(size);
    await page.goto('/notifications');
    const card = page.getByTestId('notification').filter({ hasText: `Great idea ${id}` });
    await expect(card).toHaveCount(1);
    // One card for both comments, naming the newest first, each name isolated.
    await expect(card).toContainText(`علّق ${isolated(second.name)} و${isolated(first.name)} على منشورك`);
    const shown = card.locator('[dir="auto"]').filter({ hasText: `Great idea ${id}` });
    await expect(shown).toHaveText(excerpt);
    await expect(shown).toHaveAttribute('dir', 'auto');
    // Laid out as written: the English words start the line on the left, where a left-to-right text begins.
    const direction = await shown.evaluate((element) => getComputedStyle(element).direction);
    expect(direction).toBe('ltr');
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, `polish-plural-notifications-${device}`);
  }
});

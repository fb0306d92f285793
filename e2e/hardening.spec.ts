import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { THEME_SCRIPT } from '../packages/shared/src/theme';
import { login, logout } from './support/helpers';

/** Markup, event handlers, script links and bidi overrides stored in every user-written field. */
const PAYLOADS = {
  script: '<script>window.__xss = "script"</script>',
  image: '<img src=x onerror="window.__xss = \'img\'">',
  svg: '<svg onload="window.__xss = \'svg\'"></svg>',
  link: 'javascript:window.__xss="link"',
  anchor: '"><a href="javascript:alert(1)">اضغط</a>',
  bidi: '\u202Egnp.exe',
};
const ALL = Object.values(PAYLOADS).join(' ');

async function api<T>(
  request: APIRequestContext,
  method: 'post' | 'put',
  url: string,
  token: string | null,
  data: unknown,
) {
  const response = await request[method](url, {
    data,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()) as T;
}

/** Fails the test on any dialog, and after each page checks that no payload ran. */
function guard(page: Page) {
  page.on('dialog', (dialog) => {
    throw new Error(`a dialog opened: ${dialog.message()}`);
  });
  return async () => {
    expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
    // The inline scripts a page may carry: the theme's, a fixed text the policy allows by its hash, and on a
    // server-rendered page its data, which browsers never run; that must hold nothing but JSON (every payload
    // inside it escaped, none closing the element early).
    expect(await page.locator('script:not([src]):not([type="application/json"])').allTextContents()).toEqual([
      THEME_SCRIPT,
    ]);
    for (const data of await page.locator('script[type="application/json"]').allTextContents()) {
      expect(() => JSON.parse(data) as unknown).not.toThrow();
    }
    expect(await page.locator('a[href^="javascript:"]').count()).toBe(0);
    expect(await page.locator('[onerror], [onload]').count()).toBe(0);
  };
}

test('XSS payloads in every user-written field are shown as text and never run', async ({
  page,
  request,
}) => {
  const id = randomBytes(3).toString('hex');
  const email = `xss.${id}@example.com`;
  const password = 'Qahwa2030!';
  const account = await api<{ token: string; userId: string }>(
    request,
    'post',
    '/api/account/register',
    null,
    {
      firstName: PAYLOADS.image.slice(0, 40),
      lastName: PAYLOADS.svg.slice(0, 40),
      username: `xss${id}`,
      email,
      password,
      confirmPassword: password,
    },
  );
  const token = account.token;
  await api(request, 'put', '/api/users/profile', token, {
    firstName: PAYLOADS.image.slice(0, 40),
    lastName: PAYLOADS.svg.slice(0, 40),
    bio: ALL,
  });
  const post = await api<{ id: number }>(request, 'post', '/api/posts', token, {
    content: `${ALL} #وسم_${id}`,
    votingType: 'poll',
    pollOptions: JSON.stringify([PAYLOADS.script, PAYLOADS.link, PAYLOADS.bidi]),
  });
  await api(request, 'post', '/api/comments', token, { postId: post.id, content: ALL });
  const reporter = await api<{ token: string }>(request, 'post', '/api/account/register', null, {
    firstName: PAYLOADS.anchor.slice(0, 40),
    lastName: 'المبلّغ',
    username: `xssr${id}`,
    email: `xss.reporter.${id}@example.com`,
    password,
    confirmPassword: password,
  });
  await api(request, 'post', '/api/reports', reporter.token, {
    PostId: post.id,
    Reason: 1,
    AdditionalDetails: ALL.slice(0, 500),
  });

  const check = guard(page);
  for (const path of [
    '/',
    `/posts/${post.id}`,
    `/profile/${account.userId}`,
    `/search?q=${encodeURIComponent('window')}`,
    `/wasm/${encodeURIComponent(`وسم_${id}`)}`,
  ]) {
    // Visitors' pages are kept 2 seconds and a search's ranking 10: a post this new may need a later visit.
    await expect(async () => {
      await page.goto(path);
      await expect(page.getByText('window.__xss', { exact: false }).first()).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await check();
  }
  // The markup is shown literally, as the author typed it.
  await page.goto(`/posts/${post.id}`);
  await expect(page.getByText(PAYLOADS.script).first()).toBeVisible();
  await check();

  // The author's own pages, where the same text sits in forms and menus.
  await login(page, email, password);
  for (const path of [`/posts/${post.id}/edit`, '/settings', '/my-posts', `/posts/${post.id}`]) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await check();
  }

  // Moderators read the report's details and the reporter's name.
  await logout(page);
  await login(page, 'sara@ray.sa', 'Demo1234');
  await page.goto('/moderation');
  await expect(page.getByText('window.__xss', { exact: false }).first()).toBeVisible();
  await check();
});

test('pages work within the Content-Security-Policy: the browser reports no violation', async ({
  page,
  request,
}) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as { __cspViolations?: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  const violations = () => page.evaluate(() => (window as { __cspViolations?: string[] }).__cspViolations);
  const feed = await request.get('/api/posts/paginated?pageSize=50');
  const posts = (
    (await feed.json()) as { items: { id: number; votingType: string; user: { userId: string | null } }[] }
  ).items;
  const [post] = posts;
  // Poll and rating results draw bars whose length changes with every vote: no style attribute may carry it.
  const poll = posts.find((p) => p.votingType === 'poll');
  const rating = posts.find((p) => p.votingType === 'rating');
  const author = posts.find((p) => p.user.userId !== null)?.user;
  const paths = ['/', `/posts/${post!.id}`, '/trends', `/search?q=${encodeURIComponent('قهوة')}`];
  if (poll) paths.push(`/posts/${poll.id}`);
  if (rating) paths.push(`/posts/${rating.id}`);
  if (author) paths.push(`/profile/${author.userId}`);
  expect(paths.length).toBeGreaterThan(6);
  for (const path of paths) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('main')).toBeVisible();
    expect(await violations(), path).toEqual([]);
  }

  // Signed in: the settings tabs, the admin charts, and a menu that locks the page's scrolling.
  await login(page, 'admin@ray.sa', 'Admin1234');
  for (const path of ['/settings', '/admin/analytics', '/moderation']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('main')).toBeVisible();
    expect(await violations(), path).toEqual([]);
  }
  await page.getByRole('button', { name: 'قائمة الحساب' }).click();
  await expect(page.getByRole('menuitem', { name: 'تسجيل الخروج' })).toBeVisible();
  expect(await violations(), 'account menu').toEqual([]);
});

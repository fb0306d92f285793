import AxeBuilder from '@axe-core/playwright';
import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { apiToken, login, PHONE } from './support/helpers';

const WIDE = { width: 1366, height: 900 };
const WIDTHS = [
  { name: 'phone', viewport: PHONE },
  { name: 'wide', viewport: WIDE },
] as const;
/**
 * The colour themes every page is checked in (the browser's colour scheme): each is one more pass over them all.
 * The dark one is checked while admins offer it, on a device that follows its dark system.
 */
const themes = ['light', 'dark'] as const;
type Theme = (typeof themes)[number];

/** WCAG 2.1 A and AA; an issue below "serious" is reported by axe but does not fail the page. */
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);

const ACCOUNTS = {
  member: { email: 'noura@ray.sa', password: 'Demo1234' },
  admin: { email: 'admin@ray.sa', password: 'Admin1234' },
} as const;
type Role = 'visitor' | keyof typeof ACCOUNTS;

/** The demo content the pages are opened on, looked up once. */
interface Demo {
  /** A post with comments, opened as its own page. */
  post: number;
  poll: number;
  rating: number;
  author: string;
  hashtag: string;
  /** A post of the signed-in member's, for the edit page. */
  ownPost: number;
  ownId: string;
  ad: string;
}

interface Target {
  name: string;
  path: (demo: Demo) => string;
  /** What shows once the page's content is in; the page's first-level heading unless told. */
  ready?: (page: Page) => Locator;
}

const feed = (page: Page) => page.getByTestId('post-card');
const post = (page: Page) => page.locator('main article');
const comments = (page: Page) => page.getByRole('list', { name: 'التعليقات' }).getByRole('listitem');

const PAGES: Record<Role, Target[]> = {
  visitor: [
    { name: 'home', path: () => '/', ready: feed },
    { name: 'trends', path: () => '/trends' },
    { name: 'hashtag', path: (demo) => `/wasm/${encodeURIComponent(demo.hashtag)}`, ready: feed },
    { name: 'post with comments', path: (demo) => `/posts/${demo.post}`, ready: comments },
    { name: 'poll post', path: (demo) => `/posts/${demo.poll}`, ready: post },
    { name: 'rating post', path: (demo) => `/posts/${demo.rating}`, ready: post },
    { name: 'profile', path: (demo) => `/profile/${demo.author}`, ready: feed },
    { name: 'search posts', path: () => `/search?q=${encodeURIComponent('قهوة')}&type=posts`, ready: feed },
    { name: 'search people', path: () => `/search?q=${encodeURIComponent('نورة')}&type=users` },
    {
      name: 'search hashtags',
      path: (demo) => `/search?q=${encodeURIComponent(demo.hashtag)}&type=hashtags`,
    },
    { name: 'login', path: () => '/login' },
    { name: 'register', path: () => '/register' },
    { name: 'forgot password', path: () => '/forgot-password' },
    { name: 'reset password', path: () => '/reset-password' },
    { name: 'verify e-mail', path: () => '/verify-email' },
    { name: 'unsubscribe', path: () => '/unsubscribe' },
    { name: 'about', path: () => '/about' },
    { name: 'contact', path: () => '/contact' },
    { name: 'privacy', path: () => '/privacy' },
    { name: 'faq', path: () => '/faq' },
    { name: 'not found', path: () => '/no-such-page' },
  ],
  member: [
    { name: 'home feed', path: () => '/', ready: feed },
    { name: 'create post', path: () => '/create-post' },
    { name: 'edit post', path: (demo) => `/posts/${demo.ownPost}/edit` },
    { name: 'notifications', path: () => '/notifications' },
    { name: 'bookmarks', path: () => '/bookmarks' },
    { name: 'my posts', path: () => '/my-posts', ready: feed },
    { name: 'own profile', path: (demo) => `/profile/${demo.ownId}`, ready: feed },
    { name: 'settings: profile', path: () => '/settings' },
    { name: 'settings: security', path: () => '/settings?tab=security' },
    { name: 'settings: privacy', path: () => '/settings?tab=privacy' },
    { name: 'settings: notifications', path: () => '/settings?tab=notifications' },
    { name: 'contact', path: () => '/contact' },
  ],
  admin: [
    {
      name: 'ads',
      path: () => '/admin/ads',
      ready: (page) => page.getByTestId('admin-ad').locator('visible=true'),
    },
    { name: 'new ad', path: () => '/admin/ads/new' },
    { name: 'edit ad', path: (demo) => `/admin/ads/${demo.ad}/edit` },
    { name: 'analytics', path: () => '/admin/analytics' },
    { name: 'messages', path: () => '/admin/messages' },
    { name: 'audit log', path: () => '/admin/audit-log' },
    { name: 'appearance', path: () => '/admin/appearance' },
    { name: 'maintenance', path: () => '/admin/maintenance' },
    { name: 'moderation', path: () => '/moderation' },
  ],
};

interface FeedPost {
  id: number;
  votingType: string;
  commentCount: number;
  user: { userId: string | null };
  hashtags: { hashtag: { name: string } }[];
}

async function getJson<T>(request: APIRequestContext, url: string, token?: string): Promise<T> {
  const response = await request.get(url, token ? { headers: { authorization: `Bearer ${token}` } } : {});
  expect(response.status(), `${url}: ${await response.text()}`).toBe(200);
  return (await response.json()) as T;
}

let demo: Promise<Demo> | undefined;

function lookUpDemo(request: APIRequestContext): Promise<Demo> {
  demo ??= (async () => {
    const posts = (await getJson<{ items: FeedPost[] }>(request, '/api/posts/paginated?pageSize=50')).items;
    const member = await apiToken(request, ACCOUNTS.member.email, ACCOUNTS.member.password);
    const own = (
      await getJson<{ items: FeedPost[] }>(request, '/api/posts/paginated?pageType=MyPosts', member)
    ).items;
    const admin = await apiToken(request, ACCOUNTS.admin.email, ACCOUNTS.admin.password);
    const ads = await getJson<{ id: string }[]>(request, '/api/admin/ads', admin);
    const find = (what: string, where: (post: FeedPost) => boolean) => {
      const found = posts.find(where);
      expect(found, `the demo feed has ${what}`).toBeDefined();
      return found!;
    };
    const author = find('a named author', (post) => post.user.userId !== null).user.userId!;
    const ownPost = own.find((post) => post.user.userId !== null);
    expect(ownPost, 'the member has a post under her name').toBeDefined();
    expect(ads.length, 'the demo has an ad').toBeGreaterThan(0);
    return {
      post: find('a post with comments', (post) => post.commentCount > 0).id,
      poll: find('a poll', (post) => post.votingType === 'poll').id,
      rating: find('a rating', (post) => post.votingType === 'rating').id,
      author,
      hashtag: find('a hashtag', (post) => post.hashtags.length > 0).hashtags[0]!.hashtag.name,
      ownPost: ownPost!.id,
      ownId: ownPost!.user.userId!,
      ad: ads[0]!.id,
    };
  })();
  return demo;
}

/** The admins' switch for the dark theme, set through the API. */
async function offerDarkTheme(request: APIRequestContext, darkMode: boolean) {
  const token = await apiToken(request, ACCOUNTS.admin.email, ACCOUNTS.admin.password);
  const saved = await request.put('/api/config', {
    data: { darkMode },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

type Session = Awaited<ReturnType<BrowserContext['storageState']>>;
const sessions = new Map<keyof typeof ACCOUNTS, Promise<Session>>();

/** Signs each role in once, through the login page; later pages start from the stored session. */
function sessionOf(browser: Browser, role: keyof typeof ACCOUNTS): Promise<Session> {
  let session = sessions.get(role);
  if (!session) {
    session = (async () => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await login(page, ACCOUNTS[role].email, ACCOUNTS[role].password);
      const state = await context.storageState();
      await context.close();
      return state;
    })();
    sessions.set(role, session);
  }
  return session;
}

/** Waits until the page shows its content: the awaited element visible, no skeleton or spinner left, fonts in. */
async function settle(page: Page, target: Target) {
  await expect(page.locator('main')).toBeVisible();
  const ready = target.ready?.(page) ?? page.getByRole('heading', { level: 1 });
  await expect(ready.first()).toBeVisible();
  await expect(page.locator('.animate-pulse, .animate-spin').locator('visible=true')).toHaveCount(0);
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
}

/** One entry per failing element: the rule and its impact, the element's selector and markup, what is wrong. */
async function blockingViolations(page: Page): Promise<string[]> {
  // The pages hold no cross-origin frames, so axe runs within the page itself rather than gathering the frames'
  // results in a further blank page: less than half the time per page.
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG).setLegacyMode().analyze();
  return violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .flatMap((violation) =>
      violation.nodes.map((node) =>
        [
          `${violation.id} (${violation.impact}): ${violation.help}`,
          `at ${node.target.join(' ')}: ${node.html.slice(0, 160)}`,
          (node.failureSummary ?? '').replaceAll('\n', ' '),
        ].join('\n    '),
      ),
    );
}

/** A browser tab at one width, in a context of its own (signed in as the role), kept for all the role's pages. */
async function openTab(browser: Browser, role: Role, theme: Theme, width: (typeof WIDTHS)[number]) {
  const context = await browser.newContext({
    viewport: width.viewport,
    colorScheme: theme,
    // Transitions finish at once, so the colours measured are the ones that stay on screen.
    reducedMotion: 'reduce',
    ...(role === 'visitor' ? {} : { storageState: await sessionOf(browser, role) }),
  });
  const page = await context.newPage();
  // A page whose code did not load would still show its server-rendered markup: such a page is not checked.
  const failedCode: string[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if ((type === 'script' || type === 'stylesheet') && response.status() >= 400)
      failedCode.push(`${response.status()} ${response.url()}`);
  });
  return { width: width.name, theme, context, page, failedCode };
}

type Tab = Awaited<ReturnType<typeof openTab>>;

/** Opens a page in a tab, waits for its content and answers its blocking violations, each marked with the width. */
async function check(tab: Tab, path: string, target: Target): Promise<string[]> {
  tab.failedCode.length = 0;
  await tab.page.goto(path);
  await settle(tab.page, target);
  // The theme checked is the one on screen.
  if (tab.theme === 'dark') await expect(tab.page.locator('html')).toHaveAttribute('data-theme', 'dark');
  else await expect(tab.page.locator('html')).not.toHaveAttribute('data-theme', 'dark');
  expect(tab.failedCode, `${path} at ${tab.width} loaded all its code`).toEqual([]);
  const found = await blockingViolations(tab.page);
  return found.map((line) => `[${tab.width}] ${line}`);
}

for (const theme of themes) {
  for (const role of Object.keys(PAGES) as Role[]) {
    test.describe(`accessibility in the ${theme} theme, ${role}`, () => {
      // Both widths side by side, each in its own tab: axe's work on one runs while the other loads its page.
      let tabs: Tab[] = [];
      test.beforeAll(async ({ browser, request }) => {
        await offerDarkTheme(request, theme === 'dark');
        tabs = await Promise.all(WIDTHS.map((width) => openTab(browser, role, theme, width)));
      });
      test.afterAll(async ({ request }) => {
        await Promise.all(tabs.map((tab) => tab.context.close()));
        // No other browser test meets the dark theme.
        if (theme === 'dark') await offerDarkTheme(request, false);
      });

      for (const target of PAGES[role]) {
        test(`${target.name}, phone and wide: no serious or critical WCAG 2.1 AA violation`, async ({
          request,
        }) => {
          const path = target.path(await lookUpDemo(request));
          const found = (await Promise.all(tabs.map((tab) => check(tab, path, target)))).flat();
          expect(found, `${path} in the ${theme} theme:\n${found.join('\n')}`).toEqual([]);
        });
      }
    });
  }
}

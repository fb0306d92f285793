import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { msg } from '@ray/shared/messages.ar';
import type { Post } from '@ray/shared/schemas/post';
import {
  bearer,
  createTestApp,
  publishPost,
  registerUser,
  type TestApp,
  type TestUser,
} from '../test/test-app';
import { fakeWebBuild } from '../test/web-build';
import { uploadImage } from '../test/actions';
import { PUBLIC_ANSWER_TTL_MS } from '../lib/public-answers';
import { VISITOR_CACHE_CONTROL } from './http-caching';

const webRoot = fileURLToPath(new URL('../../../web', import.meta.url));
/** The base style every page keeps, a rule the pages use and one none of them does. */
const css =
  'body{color:#123456}.whitespace-pre-line{white-space:pre-line}@media (min-width:40rem){.sm\\:p-5{padding:1.25rem}}@media print{.never-used-by-a-page{color:red}}';
/** The shape of the built index.html that matters here: a stylesheet link and an empty root. */
const indexHtml = `<!doctype html><html lang="ar" dir="rtl"><head><title>رأي</title><link rel="stylesheet" crossorigin href="/assets/app-1a2b3c.css"></head><body><div id="root"></div><script type="module" src="/assets/index-1a2b3c.js"></script></body></html>`;

let work: string;
let dist: string;
let t: TestApp;
let author: TestUser;

/**
 * The clock stands still in this file (Date only, which the monotonic clock follows; timers run), so a page stays
 * cached exactly as long as a test wants: this moves it past the life of the rendered pages (2 s) and of the
 * visitors' shared answers they are rendered from.
 */
const expireCachedPages = () => {
  vi.setSystemTime(Date.now() + PUBLIC_ANSWER_TTL_MS + 1_000);
};

/** The web app as the server finds it after `npm run build`: dist/ beside the real server bundle in dist-ssr/. */
async function buildWeb(dir: string) {
  const dist = path.join(dir, 'dist');
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), indexHtml);
  writeFileSync(path.join(dist, 'assets/app-1a2b3c.css'), css);
  await build({
    root: webRoot,
    configFile: path.join(webRoot, 'vite.config.ts'),
    mode: 'production',
    logLevel: 'silent',
    build: { ssr: 'src/entry-server.tsx', outDir: path.join(dir, 'dist-ssr'), emptyOutDir: true },
  });
  return dist;
}

function stateOf(html: string): unknown {
  const match = /<script type="application\/json" id="ray-server-state">([\s\S]*?)<\/script>/.exec(html);
  if (!match) throw new Error('no server state in the page');
  return JSON.parse(match[1]!) as unknown;
}

async function createPost(payload: Record<string, unknown>, on: TestApp = t, by: TestUser = author) {
  return publishPost(on.app, by, payload);
}

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'ray-ssr-'));
  dist = await buildWeb(work);
  t = await createTestApp({ WEB_DIST_DIR: dist });
  author = await registerUser(t.app, { firstName: 'ريم', lastName: 'الكاتبة', username: 'reemwriter' });
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.spyOn(performance, 'now').mockImplementation(() => Date.now());
}, 120_000);

afterAll(async () => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  await t.close();
  rmSync(work, { recursive: true, force: true });
});

describe('pages rendered on the server', () => {
  it('sends the home page with its latest posts, its title, its styles and the state to take it over', async () => {
    const post = await createPost({ content: 'القهوة العربية أجمل في الصباح #قهوة' });
    const response = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe(VISITOR_CACHE_CONTROL);
    const html = brotliDecompressSync(response.rawPayload).toString();

    const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('</body>'));
    expect(root).toContain('القهوة العربية أجمل في الصباح');
    expect(root).toContain('href="/wasm/%D9%82%D9%87%D9%88%D8%A9"');
    expect(html).toMatch(/<head>[\s\S]*<title>رأي: [^<]+<\/title>[\s\S]*<\/head>/);
    expect(html.match(/<title>/g)).toHaveLength(1);
    // The part of the stylesheet the page uses comes inside it, so nothing holds its first paint back; the whole
    // one follows, linked for print until the app applies it.
    const styles = /<style>([^<]*)<\/style>/.exec(html)?.[1];
    expect(styles).toContain('body{color:#123456}');
    expect(root).toContain('whitespace-pre-line');
    expect(styles).toContain('.whitespace-pre-line{white-space:pre-line}');
    expect(styles).toContain('@media (min-width:40rem){.sm\\:p-5{padding:1.25rem}}');
    expect(styles).not.toContain('never-used-by-a-page');
    expect(styles).not.toContain('@media print');
    expect(html).toContain(
      '<link rel="stylesheet" crossorigin href="/assets/app-1a2b3c.css" media="print" data-app-stylesheet>',
    );
    expect(html.match(/rel="stylesheet"/g)).toHaveLength(1);
    // No script runs but the app's own file: the Content-Security-Policy allows no other.
    expect(html.match(/<script(?![^>]*type="application\/json")[^>]*>/g)).toEqual([
      '<script type="module" src="/assets/index-1a2b3c.js">',
    ]);

    const state = stateOf(html) as { renderedAt: number; queries: { queries: { queryKey: unknown[] }[] } };
    expect(typeof state.renderedAt).toBe('number');
    const feed = state.queries.queries.find((query) => JSON.stringify(query.queryKey).includes('"list"'));
    expect(JSON.stringify(feed)).toContain(`"id":${post.id}`);
  });

  it('writes an anonymous post as مجهول, with nothing anywhere in the page that names its author', async () => {
    const secretive = await registerUser(t.app, {
      firstName: 'نوف',
      lastName: 'المستترة',
      username: 'noufhidden',
    });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: bearer(secretive.token),
      payload: { content: 'رأي صريح لا أوقّعه باسمي أبداً', isAnonymous: true },
    });
    const post = response.json<Post>();
    // The home page rendered by an earlier test would still be cached.
    expireCachedPages();
    for (const url of [`/posts/${post.id}`, '/']) {
      const html = (await t.app.inject({ method: 'GET', url })).body;
      expect(html).toContain('رأي صريح لا أوقّعه باسمي أبداً');
      expect(html).toContain('مجهول');
      for (const trace of [secretive.userId, 'noufhidden', 'لمياء', 'المستترة'])
        expect(html).not.toContain(trace);
    }
  });

  it("describes a post's image by its author's words, or as the image of this post without them", async () => {
    const described = await createPost({
      content: 'غروب اليوم من الشرفة',
      imageUrl: await uploadImage(t.app, author),
      imageAlt: 'شمس برتقالية تغيب خلف نخلتين',
    });
    const undescribed = await createPost({
      content: 'صورة من رحلة الأمس',
      imageUrl: await uploadImage(t.app, author),
    });
    expireCachedPages();
    for (const [post, alt] of [
      [described, 'شمس برتقالية تغيب خلف نخلتين'],
      [undescribed, 'صورة مرفقة بمنشور: صورة من رحلة الأمس'],
    ] as const) {
      for (const url of [`/posts/${post.id}`, '/']) {
        const html = (await t.app.inject({ method: 'GET', url })).body;
        const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('</body>'));
        const images = [...root.matchAll(/<img [^>]*>/g)].map(([tag]) => tag);
        // The card shows the thumbnail, the post page the image itself.
        const shown = images.filter((tag) =>
          [post.imageUrl, post.thumbnailUrl].some((src) => src && tag.includes(`src="${src}"`)),
        );
        expect(shown, `${url}: ${images.join('\n')}`).not.toEqual([]);
        for (const tag of shown) expect(tag, url).toContain(`alt="${alt}"`);
      }
    }
  });

  it('keeps text that looks like markup inert, in the page and in its state', async () => {
    const content = 'هل يعمل هذا؟ </script><script>alert(1)</script> <img src=x onerror=alert(2)>';
    const post = await createPost({ content });
    const html = (await t.app.inject({ method: 'GET', url: `/posts/${post.id}` })).body;
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<img src=x');
    expect(JSON.stringify(stateOf(html))).toContain(JSON.stringify(content).slice(1, -1));
  });

  it('sends the pages that need a session, or are for guests only, as the app alone', async () => {
    for (const url of ['/login', '/settings', '/create-post']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(indexHtml);
    }
  });

  it('renders a post that does not exist as the page the browser will fill in, not an error', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/posts/999999999' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"><');
  });
});

describe('the page cache', () => {
  it('serves a page asked for with parameters it does not read from the same cached copy', async () => {
    const shown = await createPost({ content: 'منشور ستتغير كلماته دون علم التطبيق' });
    expireCachedPages();
    const first = await t.app.inject({ method: 'GET', url: '/' });
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain(shown.content);
    // Changed behind the app's back: only a page from the cache still shows the old words.
    const changed = 'كلمات جديدة لم يرها التطبيق بعد';
    await t.database.db.execute(sql`update posts set content = ${changed} where id = ${shown.id}`);
    for (const url of ['/?utm_source=x&zz=1', '/?q=%3Cb%3Ejunk%3C%2Fb%3E', '/?page=2&_=1234']) {
      const again = await t.app.inject({ method: 'GET', url });
      expect(again.statusCode, url).toBe(200);
      expect(again.body, url).toBe(first.body);
      expect(again.body, url).not.toContain(changed);
    }
    expireCachedPages();
    expect((await t.app.inject({ method: 'GET', url: '/?utm_source=x' })).body).toContain(changed);
  });

  it('shows a new post on the cached page at once: a write clears the pages it changes', async () => {
    expireCachedPages();
    await t.app.inject({ method: 'GET', url: '/' });
    const later = await createPost({ content: 'منشور كتب بعد أن حُفظت الصفحة الرئيسية' });
    expect((await t.app.inject({ method: 'GET', url: '/?utm_source=x' })).body).toContain(later.content);
  });

  it('keeps a cached page through a vote, whose count it may show a moment late', async () => {
    const voted = await createPost({ content: 'منشور يصوّت عليه القراء' });
    expireCachedPages();
    const before = await t.app.inject({ method: 'GET', url: `/posts/${voted.id}` });
    const voter = await registerUser(t.app);
    const cast = await t.app.inject({
      method: 'POST',
      url: '/api/votes',
      headers: bearer(voter.token),
      payload: { postId: voted.id, value: 1 },
    });
    expect(cast.statusCode, cast.body).toBe(200);
    // Changed behind the app's back: only the page kept through the vote still shows the old words.
    await t.database.db.execute(
      sql`update posts set content = 'كلمات لم يرها التطبيق' where id = ${voted.id}`,
    );
    expect((await t.app.inject({ method: 'GET', url: `/posts/${voted.id}` })).body).toBe(before.body);
    // The API answers it at once.
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/posts/${voted.id}` })).json<Post>().votingStatistics,
    ).toMatchObject({
      upVotes: 1,
    });
  });

  it('tags a page and answers 304 to a browser that holds it', async () => {
    expireCachedPages();
    const page = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
    const etag = page.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+-br"$/);
    expect(page.headers['cache-control']).toBe(VISITOR_CACHE_CONTROL);
    const again = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-encoding': 'br', 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    // The uncompressed copy is another representation, with a tag of its own.
    const plain = await t.app.inject({ method: 'GET', url: '/', headers: { 'if-none-match': etag } });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers.etag).not.toBe(etag);
  });

  it('renders a page apart for each value of a parameter it reads, whatever the others', async () => {
    expireCachedPages();
    const periodOf = (html: string) =>
      (stateOf(html) as { queries: { queries: { queryKey: unknown[] }[] } }).queries.queries
        .map((query) => JSON.stringify(query.queryKey))
        .filter((key) => key.includes('"days"'));
    const day = (await t.app.inject({ method: 'GET', url: '/trends?days=1' })).body;
    const month = (await t.app.inject({ method: 'GET', url: '/trends?days=30&utm_campaign=y' })).body;
    expect(periodOf(day).join()).toContain('"days":1');
    expect(periodOf(month).join()).toContain('"days":30');
    expect(periodOf(month).join()).not.toContain('"days":1}');
    // The same page, its parameters in another order and with one it ignores.
    const same = await t.app.inject({ method: 'GET', url: '/trends?zz=1&days=30' });
    expect(same.body).toBe(month);
  });

  it('sends the search page, which reads its words in the browser, as the app alone for any words', async () => {
    for (const url of ['/search?q=a', '/search?q=b']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(indexHtml);
    }
  });
});

describe('pages and the rate limit', () => {
  /** The same web build, with a budget of 10 requests a minute per address (API calls and pages together). */
  let limited: TestApp;
  let writer: TestUser;
  let post: Post;

  beforeAll(async () => {
    limited = await createTestApp({ WEB_DIST_DIR: dist, RATE_LIMIT_PER_MINUTE: '10' });
    writer = await registerUser(limited.app);
    post = await createPost({ content: 'رأي يظهر لكل زائر في صفحته الأولى' }, limited, writer);
  });

  afterAll(async () => {
    await limited.close();
  });

  const spend = async (address: string, requests: number) => {
    for (let i = 0; i < requests; i++) {
      const response = await limited.app.inject({
        method: 'GET',
        url: '/api/health',
        remoteAddress: address,
      });
      expect(response.statusCode).toBe(200);
    }
  };

  it('answers a visitor past their budget with a 429 page in Arabic and Retry-After', async () => {
    const visitor = '198.51.100.10';
    await spend(visitor, 10);
    const page = await limited.app.inject({ method: 'GET', url: '/about', remoteAddress: visitor });
    expect(page.statusCode).toBe(429);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('dir="rtl"');
    expect(page.body).toContain(msg.rateLimited);
    const retryAfter = Number(page.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Pages the browser renders alone count too.
    expect(
      (await limited.app.inject({ method: 'GET', url: '/login', remoteAddress: visitor })).statusCode,
    ).toBe(429);
    // Another visitor is not affected.
    expect(
      (await limited.app.inject({ method: 'GET', url: '/about', remoteAddress: '198.51.100.11' })).statusCode,
    ).toBe(200);
  });

  it('counts pages against the same budget as API calls', async () => {
    const visitor = '198.51.100.20';
    for (let i = 0; i < 10; i++) {
      const response = await limited.app.inject({ method: 'GET', url: '/login', remoteAddress: visitor });
      expect(response.statusCode, `page ${i + 1}`).toBe(200);
    }
    const api = await limited.app.inject({ method: 'GET', url: '/api/health', remoteAddress: visitor });
    expect(api.statusCode).toBe(429);
  });

  it('sends a page rendered from refused API calls to its visitor only, never from the cache', async () => {
    expireCachedPages();
    const refused = '198.51.100.30';
    // One request left: the page itself, while the API calls of its render are refused.
    await spend(refused, 9);
    const degraded = await limited.app.inject({ method: 'GET', url: '/', remoteAddress: refused });
    expect(degraded.statusCode).toBe(200);
    expect(degraded.headers['cache-control']).toBe('no-store');
    expect(degraded.body).not.toContain(post.content);

    const next = await limited.app.inject({ method: 'GET', url: '/', remoteAddress: '198.51.100.31' });
    expect(next.statusCode).toBe(200);
    expect(next.headers['cache-control']).toBe(VISITOR_CACHE_CONTROL);
    expect(next.body).toContain(post.content);
    // That full page is the one kept: the next visitor gets it from the cache (no API call of their own).
    const third = await limited.app.inject({ method: 'GET', url: '/', remoteAddress: '198.51.100.32' });
    expect(third.body).toBe(next.body);
  });

  it("renders afresh for a visitor who asked while a refused visitor's page was being rendered", async () => {
    expireCachedPages();
    const refused = '198.51.100.40';
    await spend(refused, 9);
    const first = limited.app.inject({ method: 'GET', url: '/', remoteAddress: refused });
    // The second visitor arrives while the first one's render waits for its API calls.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await limited.app.inject({ method: 'GET', url: '/', remoteAddress: '198.51.100.41' });
    const degraded = await first;
    expect(degraded.headers['cache-control']).toBe('no-store');
    expect(degraded.body).not.toContain(post.content);
    expect(second.headers['cache-control']).toBe(VISITOR_CACHE_CONTROL);
    expect(second.body).toContain(post.content);
  });
});

/** An app whose web build has this server bundle (JavaScript text) in place of the real one. */
async function appWithServerBundle(
  bundle: string,
  settings: Record<string, string> = {},
): Promise<{ app: TestApp; dir: string }> {
  const { dir, distDir } = fakeWebBuild(bundle, indexHtml);
  return { app: await createTestApp({ WEB_DIST_DIR: distDir, ...settings }), dir };
}

describe('a server bundle that fails', () => {
  let broken: TestApp;
  let dir: string;

  beforeAll(async () => {
    ({ app: broken, dir } = await appWithServerBundle(
      `export function configureServerRendering() {}
       export function pageAddress(url) { return url; }
       export async function renderPage() { throw new Error('render failed'); }`,
    ));
  });

  afterAll(async () => {
    await broken.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('still answers with the app, which then renders the page in the browser', async () => {
    const response = await broken.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(indexHtml);
  });
});

describe('a burst of pages to render', () => {
  let slow: TestApp;
  let dir: string;
  const holder = globalThis as { releaseRenders?: () => void };

  beforeAll(async () => {
    // Every render waits until the test lets them all finish.
    ({ app: slow, dir } = await appWithServerBundle(
      `const waiting = new Promise((resolve) => { globalThis.releaseRenders = resolve; });
       export function configureServerRendering() {}
       export function pageAddress(url) { return url; }
       export async function renderPage(url) {
         await waiting;
         return { head: '', html: '<p>rendered ' + url + '</p>', state: '{}' };
       }`,
    ));
  });

  afterAll(async () => {
    holder.releaseRenders?.();
    await slow.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('renders eight pages at a time and sends the others as the app alone, at once', async () => {
    const rendering = Array.from({ length: 8 }, (_, i) =>
      slow.app.inject({ method: 'GET', url: `/posts/${i + 1}` }),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    const overflow = await slow.app.inject({ method: 'GET', url: '/posts/99' });
    expect(overflow.statusCode).toBe(200);
    expect(overflow.body).toBe(indexHtml);

    holder.releaseRenders?.();
    const pages = await Promise.all(rendering);
    pages.forEach((page, i) => {
      expect(page.body).toContain(`<div id="root"><p>rendered /posts/${i + 1}</p></div>`);
    });
  });
});

describe('renders that overlap', () => {
  let app: TestApp;
  let dir: string;
  const holder = globalThis as { finishRender?: Record<string, () => void> };

  beforeAll(async () => {
    // Each render waits until the test lets its page finish, then makes its one API call.
    ({ app, dir } = await appWithServerBundle(
      `let transport;
       globalThis.finishRender = {};
       export function configureServerRendering(options) { transport = options.transport; }
       export function pageAddress(url) { return url; }
       export async function renderPage(url) {
         await new Promise((resolve) => { globalThis.finishRender[url] = resolve; });
         const answer = await transport('/api/health', {});
         return { head: '', html: '<p>' + url + ' ' + answer.status + '</p>', state: '{}' };
       }`,
      { RATE_LIMIT_PER_MINUTE: '3' },
    ));
  });

  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const renderStarted = async (url: string) => {
    await vi.waitFor(() => {
      expect(holder.finishRender?.[url]).toBeTypeOf('function');
    });
  };

  it("keeps each render's visitor when another render ends first", async () => {
    const spent = '198.51.100.50';
    // One request left for this visitor: the page itself, so the API call of its render is refused.
    for (let i = 0; i < 2; i++)
      expect(
        (await app.app.inject({ method: 'GET', url: '/api/health', remoteAddress: spent })).statusCode,
      ).toBe(200);
    const first = app.app.inject({ method: 'GET', url: '/first', remoteAddress: '198.51.100.51' });
    await renderStarted('/first');
    const second = app.app.inject({ method: 'GET', url: '/second', remoteAddress: spent });
    await renderStarted('/second');

    holder.finishRender!['/first']!();
    const firstPage = await first;
    expect(firstPage.body).toContain('<p>/first 200</p>');
    expect(firstPage.headers['cache-control']).toBe(VISITOR_CACHE_CONTROL);

    // Its API call is made after the other render ended, and still as its own visitor.
    holder.finishRender!['/second']!();
    const secondPage = await second;
    expect(secondPage.body).toContain('<p>/second 429</p>');
    expect(secondPage.headers['cache-control']).toBe('no-store');
  });
});

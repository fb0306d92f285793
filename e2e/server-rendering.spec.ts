import { expect, test, type Page } from '@playwright/test';
import { apiToken, login } from './support/helpers';

/** Errors the page logs or throws: a page taken over with a mismatch would log one. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * Holds back the scripts whose address matches until `release` is called; `requested` says whether the page has
 * asked for one yet.
 */
async function holdScripts(page: Page, address: RegExp) {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let requested = false;
  await page.route(address, async (route) => {
    requested = true;
    await held;
    await route.continue();
  });
  return {
    release: () => {
      release();
    },
    requested: () => requested,
  };
}

/** Holds the app's code back until the returned function is called: the page stays the server's until then. */
async function holdAppCode(page: Page): Promise<() => void> {
  return (await holdScripts(page, /\/assets\/app-[^/]+\.js$/)).release;
}

test.describe('pages rendered on the server', () => {
  test('the home page, a post, trends and a hashtag are readable before any script runs', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();

    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'آخر المنشورات' })).toBeVisible();
    const cards = page.getByTestId('post-card');
    await expect(cards).toHaveCount(10);
    await expect(page).toHaveTitle(/^رأي: /);

    const firstPost = await cards.first().getAttribute('data-post-id');
    await page.goto(`/posts/${firstPost}`);
    await expect(page.getByRole('heading', { name: /التعليقات/ })).toBeVisible();
    await expect(page).toHaveTitle(/ \| رأي$/);

    await page.goto('/trends');
    await expect(page.getByRole('heading', { name: 'الترندات', level: 1 })).toBeVisible();
    const tag = page.locator('a[href^="/wasm/"]').first();
    await expect(tag).toBeVisible();
    await tag.click();
    await expect(page).toHaveURL(/\/wasm\//);
    await expect(page.getByTestId('post-card').first()).toBeVisible();
    await context.close();
  });

  test('a page paints from the styles it carries exactly as from the whole stylesheet, in both themes', async ({
    browser,
    request,
  }) => {
    /** Where every element of the page sits and how it looks, in document order. */
    const look = (page: Page) =>
      page.evaluate(() =>
        Array.from(document.body.querySelectorAll('*')).map((element) => {
          const box = element.getBoundingClientRect();
          const style = getComputedStyle(element);
          const properties = [
            'display',
            'color',
            'background-color',
            'border-top-color',
            'font-size',
            'font-weight',
          ];
          properties.push('border-top-width', 'border-radius', 'opacity', 'visibility', 'z-index');
          return [
            element.tagName,
            element.getAttribute('class') ?? '',
            [box.x, box.y, box.width, box.height].map(Math.round).join(' '),
            ...properties.map((name) => style.getPropertyValue(name)),
          ].join(' | ');
        }),
      );
    const admin = await apiToken(request, 'admin@ray.sa', 'Admin1234');
    const offerDarkTheme = async (darkMode: boolean) => {
      const saved = await request.put('/api/config', {
        data: { darkMode },
        headers: { authorization: `Bearer ${admin}` },
      });
      expect(saved.status(), await saved.text()).toBe(200);
    };
    try {
      for (const theme of ['light', 'dark'] as const) {
        await offerDarkTheme(theme === 'dark');
        for (const viewport of [
          { width: 390, height: 844 },
          { width: 1366, height: 900 },
        ]) {
          const context = await browser.newContext({ viewport, colorScheme: theme });
          const page = await context.newPage();
          // The page as painted before the app runs: its entry never arrives (the theme's inline script runs).
          await page.route(/\/assets\/index-[\w-]+\.js$/, (route) => route.abort());
          // The styles alone are compared: with `font-display: optional`, whether a font is drawn depends on when
          // it arrives, which a loaded machine decides, so the text is drawn in the system font throughout.
          await page.route(/\/assets\/[\w-]+\.woff2?$/, (route) => route.abort());
          await page.goto('/');
          const firstPost = await page.getByTestId('post-card').first().getAttribute('data-post-id');
          await page.goto('/trends');
          const tag = await page.locator('a[href^="/wasm/"]').first().getAttribute('href');
          for (const path of ['/', `/posts/${firstPost}`, '/trends', tag!]) {
            await page.goto(path);
            if (theme === 'dark') await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
            const link = page.locator('link[data-app-stylesheet]');
            await expect(link).toHaveAttribute('media', 'print');
            const own = await look(page);
            // What the app does (main.tsx): the page's own styles declare the font faces, so the whole
            // stylesheet's are left out, then it applies.
            await link.evaluate(
              (element: HTMLLinkElement) =>
                new Promise<void>((resolve) => {
                  const apply = () => {
                    const sheet = element.sheet!;
                    for (let index = sheet.cssRules.length - 1; index >= 0; index--)
                      if (sheet.cssRules[index] instanceof CSSFontFaceRule) sheet.deleteRule(index);
                    element.media = 'all';
                    requestAnimationFrame(() => {
                      resolve();
                    });
                  };
                  if (element.sheet?.cssRules.length) apply();
                  else element.addEventListener('load', apply, { once: true });
                }),
            );
            expect(await look(page), `${path}, ${theme}, ${viewport.width} px`).toEqual(own);
          }
          await context.close();
        }
      }
    } finally {
      await offerDarkTheme(false);
    }
  });

  test("a visitor's post page reads its comments without downloading the code that writes them", async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    // The forms, and the fields they alone use on this page.
    const writing =
      /\/assets\/(comment-form|reply-form|comment-edit-form|textarea-field|checkbox-field)-[\w-]+\.js$/;
    await page.goto('/');
    const firstPost = await page.getByTestId('post-card').first().getAttribute('data-post-id');
    await page.goto(`/posts/${firstPost}`);
    await expect(page.getByText('سجّل الدخول لتشارك رأيك في هذا المنشور.')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(scripts.some((script) => script.includes('/post-detail-page-'))).toBe(true);
    expect(scripts.filter((script) => writing.test(script))).toEqual([]);

    // A member gets the form, in place of the room kept for it.
    await login(page, 'sara@ray.sa', 'Demo1234');
    await page.goto(`/posts/${firstPost}`);
    await expect(page.getByLabel('اكتب تعليقاً')).toBeVisible();
    expect(scripts.some((script) => /\/assets\/comment-form-/.test(script))).toBe(true);
  });

  test("a visitor's page is taken over as it is, without an error, and then answers clicks", async ({
    page,
  }) => {
    const errors = collectErrors(page);
    await page.goto('/');
    // The latest post with a like button (other tests may have posted polls or ratings since the demo content).
    const like = page.getByRole('button', { name: 'أعجبني' });
    const card = page.getByTestId('post-card').filter({ has: like }).first();
    await expect(card).toBeVisible();
    // Voting is for members: the button says so, even when clicked before the app has taken the page over.
    await card.getByRole('button', { name: 'أعجبني' }).click();
    await expect(page.getByText('يجب تسجيل الدخول للتصويت')).toBeVisible();
    // The app applied the whole stylesheet, and the fonts are declared once: a face declared again would be
    // drawn as soon as it loaded, and text painted in the system font would change after the first paint.
    await expect(page.locator('link[data-app-stylesheet]')).toHaveAttribute('media', 'all');
    const faces = await page.evaluate(() => ({
      declared: Array.from(document.styleSheets).reduce(
        (count, sheet) =>
          count + Array.from(sheet.cssRules).filter((rule) => rule instanceof CSSFontFaceRule).length,
        0,
      ),
      inPage: Array.from(document.querySelector('style')!.sheet!.cssRules).filter(
        (rule) => rule instanceof CSSFontFaceRule,
      ).length,
    }));
    expect(faces.inPage).toBeGreaterThan(0);
    expect(faces.declared).toBe(faces.inPage);
    await page.goto('/trends');
    await expect(page.getByTestId('post-card').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
  });

  test("the app takes a visitor's page over as the server drew it, without drawing it again", async ({
    page,
  }) => {
    const release = await holdAppCode(page);
    const errors = collectErrors(page);
    // The page's modules run before DOMContentLoaded, which therefore waits for the held code.
    await page.goto('/', { waitUntil: 'commit' });
    const cards = page.getByTestId('post-card');
    await expect(cards).toHaveCount(10);
    await cards.evaluateAll((elements) => {
      for (const card of elements) card.setAttribute('data-drawn-by', 'server');
    });

    release();
    // Taken over: a vote is answered (asked again until the card has been taken over too). Every card is still
    // the element the server sent, not one drawn again.
    const like = page.getByRole('button', { name: 'أعجبني' });
    await expect(async () => {
      await cards.filter({ has: like }).first().getByRole('button', { name: 'أعجبني' }).click();
      await expect(page.getByText('يجب تسجيل الدخول للتصويت').first()).toBeVisible({ timeout: 1_000 });
    }).toPass();
    const drawnByServer = await cards.evaluateAll((elements) =>
      elements.map((card) => card.getAttribute('data-drawn-by') === 'server' && card.isConnected),
    );
    expect(drawnByServer).toEqual(Array.from({ length: 10 }, () => true));
    expect(errors).toEqual([]);
  });

  test('a signed-in user gets their own page: their menu, not the visitor sign-in links', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    await login(page, 'noura@ray.sa', 'Demo1234');
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'قائمة الحساب' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'تسجيل الدخول' })).toHaveCount(0);
    await expect(page.getByTestId('post-card').first()).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('what a visitor types before the app has taken the page over is kept, and acts once it has', async ({
    page,
  }) => {
    // The app's code is held back until the visitor has typed.
    const release = await holdAppCode(page);
    const errors = collectErrors(page);
    await page.goto('/faq', { waitUntil: 'commit' });
    const items = page.getByTestId('faq-item');
    await expect(items).toHaveCount(22);
    await page.getByLabel('ابحث في الأسئلة').fill('اعلانات');
    await page.getByLabel('بحث', { exact: true }).first().fill('قهوة');

    release();
    await expect(page.getByRole('button', { name: /لماذا أرى إعلانات في رأي؟/ })).toBeVisible();
    await expect.poll(() => items.count()).toBeLessThan(22);
    await expect(page).toHaveURL(/q=/);
    // The header's search, typed in early too, sends its text.
    await page.getByLabel('بحث', { exact: true }).first().press('Enter');
    await expect(page).toHaveURL(/\/search\?q=%D9%82%D9%87%D9%88%D8%A9/);
    expect(errors).toEqual([]);
  });

  test('a button clicked in a post before its card has been taken over acts once it has', async ({
    page,
  }) => {
    // The app starts and holds clicks, but the home page's code is held back: no post can be taken over until then.
    const homePage = await holdScripts(page, /\/assets\/feed-[^/]+\.js$/);
    const errors = collectErrors(page);
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    // The last post with a like button: each card is taken over on its own, after the page and the posts above it.
    const like = page.getByRole('button', { name: 'أعجبني' });
    await page
      .getByTestId('post-card')
      .filter({ has: like })
      .last()
      .getByRole('button', { name: 'أعجبني' })
      .click();
    await expect(page.getByText('يجب تسجيل الدخول للتصويت')).toHaveCount(0);

    homePage.release();
    await expect(page.getByText('يجب تسجيل الدخول للتصويت')).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('a button clicked before the app has taken the page over acts once it has, and never reloads the page', async ({
    page,
  }) => {
    // The app starts, but the contact page's own code is held back: the form stays the server's until it comes.
    const contactPage = await holdScripts(page, /\/assets\/contact-page-[^/]+\.js$/);
    const errors = collectErrors(page);
    await page.goto('/contact', { waitUntil: 'domcontentloaded' });
    await expect.poll(contactPage.requested).toBe(true);
    await page.getByRole('button', { name: 'إرسال الرسالة' }).click();
    await expect(page.getByText('الاسم مطلوب')).toHaveCount(0);

    contactPage.release();
    await expect(page.getByText('الاسم مطلوب')).toBeVisible();
    await expect(page.getByText('الرسالة مطلوبة')).toBeVisible();
    // The browser did not send the form its own way.
    await expect(page).toHaveURL(/\/contact$/);
    expect(errors).toEqual([]);
  });
});

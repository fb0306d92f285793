import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SERVER_STATE_ELEMENT_ID } from '@ray/shared/constants';
import type { RuntimeConfig } from '@ray/shared/schemas/config';
import { cached, loadingCache } from '../lib/caches';
import type { PublicAnswers } from '../lib/public-answers';
import { CriticalCss } from './critical-css';
import { compressPage, offeringDarkMode, sendHtmlPage, type HtmlPage as Page } from './html-page';
import { VISITOR_CACHE_CONTROL } from './http-caching';

/** What the web app's server bundle (`apps/web/src/entry-server.tsx`, built into `dist-ssr`) offers. */
interface ServerEntry {
  configureServerRendering(options: {
    transport: (url: string, init: RequestInit) => Promise<Response>;
    config: RuntimeConfig;
  }): void;
  /**
   * The address a page is rendered and cached under: its path with only the query parameters the page reads,
   * in one order and form (`/?utm_source=x` → `/`); null for a page not rendered on the server.
   */
  pageAddress(url: string): string | null;
  renderPage(
    url: string,
    signal?: AbortSignal,
  ): Promise<{ head: string; html: string; state: string } | null>;
}

/** What every page looks like at the moment, whoever reads it: pages are cached per look. */
export interface PageLook {
  /** Admins offer the dark theme (see offeringDarkMode). */
  darkMode: boolean;
}

/** A first screen that takes longer than this is not worth the wait: the page is sent without one. */
const RENDER_TIMEOUT_MS = 3_000;
/**
 * A page rendered for visitors is the same for all of them, so it is kept this long: a burst of visitors on the
 * home page costs one render and one compression, and what they see is at most this old.
 */
const PAGE_TTL_MS = 2_000;
const MAX_CACHED_PAGES = 200;
/**
 * Renders in progress at once. Past it, a page that is not cached goes out as the plain app, which renders it
 * in the browser: under a burst the server keeps its time for the API instead of queueing renders.
 */
const MAX_RENDERS = 8;
const ROOT = '<div id="root"></div>';
const STYLESHEET = /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g;
const TITLE = /<title>[^<]*<\/title>/;

/** Where a rendered page's styles go in the template. */
const STYLES = '<!--ray:styles-->';

/**
 * A rendered page carries the part of the app's stylesheet it uses inside it: a linked stylesheet would hold the
 * first paint back by one more request, while the markup to paint is already there, and the whole stylesheet
 * would be most of the page's bytes. The whole one is linked for print only, so it downloads without holding
 * the paint back; the app applies it before it takes the page over (main.tsx). (Browsers that then open pages
 * within the app need nothing more: lazy chunks do not list it; see vite.config.ts.)
 *
 * Returns the template with a place for the styles and what goes there for a page's markup; a stylesheet that
 * cannot be read as CSS goes into every page whole.
 */
function pageStyles(
  template: string,
  webDistDir: string,
): { template: string; stylesFor: (html: string) => string } {
  const whole = { template, stylesFor: () => '' };
  const links = [...template.matchAll(STYLESHEET)];
  if (links.length !== 1) return whole;
  const [link, href] = links[0]!;
  const file = path.join(webDistDir, href!);
  if (!existsSync(file)) return whole;
  const css = readFileSync(file, 'utf8');
  if (css.includes('</style')) return whole;
  const critical = CriticalCss.parse(css);
  if (!critical) return { ...whole, template: template.replace(link, () => `<style>${css}</style>`) };
  const deferred = link.replace(/\s*\/?>$/, ' media="print" data-app-stylesheet>');
  return {
    template: template.replace(link, STYLES),
    stylesFor: (html) => `<style>${critical.for(html)}</style>${deferred}`,
  };
}

const NO_BODY = new Set([101, 204, 205, 304]);

/** Every render slot is taken (not an error: the page goes out without a first screen). */
class Busy extends Error {}

/**
 * A page rendered from an API call that did not succeed (refused for the visitor's rate limit, failed, or
 * unreachable): right for the visitor it was rendered for at best, so it is neither cached nor shared.
 */
class Degraded extends Error {
  constructor(readonly page: Page) {
    super('rendered from a failed API call');
  }
}

/** The visitor a render is for, and whether any of its API calls failed. */
interface RenderContext {
  ip: string;
  degraded: boolean;
}

/**
 * Serves the public pages rendered on the server: the app's HTML with the page's first screen inside `#root`
 * and the state the browser hydrates it from. The API calls of a render go to this same app in process, as the
 * visitor whose page it is (their address counts against their own rate limit), never over the network.
 *
 * A rendered page is cached for a moment under its canonical address, so parameters the page does not read
 * (`utm_*`, cache-busters) neither miss the cache nor fill it. A page whose API calls did not all succeed is
 * sent only to its own visitor, with `Cache-Control: no-store`.
 */
export class PageRenderer {
  private readonly visitor = new AsyncLocalStorage<RenderContext>();
  /** Boxed, because a page with nothing to render (null) is kept like any other. */
  private readonly pages = loadingCache<{ page: Page | null }>({ ttl: PAGE_TTL_MS, max: MAX_CACHED_PAGES });
  private rendering = 0;

  private constructor(
    private readonly app: FastifyInstance,
    /** The web app's server bundle, loaded once the server listens (see load). */
    private readonly entry: () => Promise<ServerEntry>,
    private readonly template: string,
    /** The styles a page with this markup needs, for the template's STYLES. */
    private readonly stylesFor: (html: string) => string,
  ) {}

  /**
   * Null when the web app or its server bundle is not built; pages are then rendered in the browser alone. A
   * write that evicts shared answers (`answers`) drops every rendered page with them.
   */
  static async load(
    app: FastifyInstance,
    options: {
      webDistDir: string;
      serverDistDir: string;
      runtimeConfig: () => RuntimeConfig;
      answers?: PublicAnswers;
    },
  ): Promise<PageRenderer | null> {
    const bundle = path.join(options.serverDistDir, 'entry-server.js');
    const indexFile = path.join(options.webDistDir, 'index.html');
    if (!existsSync(bundle) || !existsSync(indexFile)) return null;
    const template = readFileSync(indexFile, 'utf8');
    if (!template.includes(ROOT)) return null;
    // The bundle (React and the app's pages) is a large import: it is loaded once the server listens, or by the
    // first page asked for before that, so it never delays the moment an instance can answer the API.
    let loading: Promise<ServerEntry> | undefined;
    const entry = () =>
      (loading ??= import(pathToFileURL(bundle).href).then((module: ServerEntry) => {
        module.configureServerRendering({
          transport: (url, init) => renderer.callApi(url, init),
          config: options.runtimeConfig(),
        });
        return module;
      }));
    const styled = pageStyles(template, options.webDistDir);
    const renderer = new PageRenderer(app, entry, styled.template, styled.stylesFor);
    // A render under way is not kept once the pages are cleared (see loadingCache). Votes and comments leave
    // them, or a busy post would have its page rendered again at every vote: its counts may be PAGE_TTL_MS old.
    options.answers?.onEvict((eviction) => {
      if (eviction.all || !eviction.counts) renderer.pages.clear();
    });
    app.server.once('listening', () => {
      setImmediate(() => {
        entry().catch((error: unknown) => {
          app.log.warn({ err: error }, 'the server-rendering bundle could not be loaded');
        });
      });
    });
    return renderer;
  }

  /**
   * Answers a page request with its server-rendered HTML. False when this page is not rendered on the server
   * (or its render failed), for the caller to send the plain app instead.
   */
  async send(request: FastifyRequest, reply: FastifyReply, look: PageLook): Promise<boolean> {
    const url = request.raw.url ?? '/';
    let found: { page: Page | null; degraded: boolean };
    try {
      const address = (await this.entry()).pageAddress(url);
      if (address === null) return false;
      found = await this.pageFor(address, request.ip, look);
    } catch (error) {
      if (!(error instanceof Busy))
        request.log.warn(
          { err: error, url },
          'server rendering failed; sending the page without a first screen',
        );
      return false;
    }
    const { page, degraded } = found;
    if (!page) return false;
    await sendHtmlPage(request, reply, page, degraded ? 'no-store' : VISITOR_CACHE_CONTROL);
    return true;
  }

  /**
   * The cached page, or a render for this visitor. A degraded render is never kept (the cache forgets a load
   * that fails); a visitor who joined someone else's degraded render gets one of their own instead of it.
   */
  private async pageFor(
    address: string,
    ip: string,
    look: PageLook,
  ): Promise<{ page: Page | null; degraded: boolean }> {
    for (let attempt = 0; attempt < 2; attempt++) {
      // Set when the cache runs this visitor's render rather than handing them one already under way.
      const render = { own: false };
      try {
        const key = look.darkMode ? `dark ${address}` : address;
        const { page } = await cached(this.pages, key, async () => {
          render.own = true;
          return { page: await this.visitor.run({ ip, degraded: false }, () => this.render(address, look)) };
        });
        return { page, degraded: false };
      } catch (error) {
        if (!(error instanceof Degraded)) throw error;
        if (render.own) return { page: error.page, degraded: true };
      }
    }
    // Twice behind other visitors' degraded renders: this one gets the page without a first screen.
    return { page: null, degraded: false };
  }

  private async render(url: string, look: PageLook): Promise<Page | null> {
    if (this.rendering >= MAX_RENDERS) throw new Busy();
    const context = this.visitor.getStore();
    this.rendering += 1;
    let rendered: Awaited<ReturnType<ServerEntry['renderPage']>>;
    try {
      rendered = await (await this.entry()).renderPage(url, AbortSignal.timeout(RENDER_TIMEOUT_MS));
    } finally {
      this.rendering -= 1;
      // While a visitor's context is kept, Node (before version 24) hooks every promise the process makes, API
      // requests included, to carry it along: a third more CPU for a health check. It is kept only while pages
      // render; the next render turns it on again.
      if (this.rendering === 0) this.visitor.disable();
    }
    if (!rendered) return null;
    // The page's own title replaces the app's generic one.
    const titled = rendered.head.includes('<title>') ? this.template.replace(TITLE, '') : this.template;
    const template = look.darkMode ? offeringDarkMode(titled) : titled;
    const page = compressPage(
      template
        .replace(STYLES, () => this.stylesFor(rendered.html))
        .replace('</head>', () => `${rendered.head}</head>`)
        .replace(
          ROOT,
          () =>
            `<div id="root">${rendered.html}</div><script type="application/json" id="${SERVER_STATE_ELEMENT_ID}">${rendered.state}</script>`,
        ),
    );
    if (context?.degraded) throw new Degraded(page);
    return page;
  }

  private async callApi(url: string, init: RequestInit): Promise<Response> {
    const context = this.visitor.getStore();
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => {
      headers[name] = value;
    });
    let answer: Awaited<ReturnType<FastifyInstance['inject']>>;
    try {
      answer = await this.app.inject({
        method: (init.method ?? 'GET') as 'GET',
        url,
        headers,
        ...(typeof init.body === 'string' ? { payload: init.body } : {}),
        remoteAddress: context?.ip ?? '127.0.0.1',
      });
    } catch (error) {
      if (context) context.degraded = true;
      throw error;
    }
    if (context && (answer.statusCode < 200 || answer.statusCode > 299)) context.degraded = true;
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) responseHeaders.append(name, String(item));
    }
    return new Response(NO_BODY.has(answer.statusCode) ? null : answer.rawPayload, {
      status: answer.statusCode,
      headers: responseHeaders,
    });
  }
}

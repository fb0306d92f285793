import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SERVER_STATE_ELEMENT_ID } from '@ray/shared/constants';
import type { RuntimeConfig } from '@ray/shared/schemas/config';
import { TtlCache } from '../lib/ttl-cache';

/** What the web app's server bundle (`apps/web/src/entry-server.tsx`, built into `dist-ssr`) offers. */
interface ServerEntry {
  configureServerRendering(options: {
    transport: (url: string, init: RequestInit) => Promise<Response>;
    config: RuntimeConfig;
  }): void;
  renderPage(
    url: string,
    signal?: AbortSignal,
  ): Promise<{ head: string; html: string; state: string } | null>;
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

/**
 * The app's stylesheet goes into the page itself: a linked one would hold the first paint back by one more
 * request, while the markup to paint is already there. (Browsers that then open pages within the app never
 * fetch it: lazy chunks do not list it; see vite.config.ts.)
 */
function inlineStylesheet(template: string, webDistDir: string): string {
  const links = [...template.matchAll(STYLESHEET)];
  if (links.length !== 1) return template;
  const [link, href] = links[0]!;
  const file = path.join(webDistDir, href!);
  if (!existsSync(file)) return template;
  const css = readFileSync(file, 'utf8');
  if (css.includes('</style')) return template;
  return template.replace(link, () => `<style>${css}</style>`);
}

interface Page {
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
}

const NO_BODY = new Set([101, 204, 205, 304]);

/** Every render slot is taken (not an error: the page goes out without a first screen). */
class Busy extends Error {}

/**
 * Serves the public pages rendered on the server: the app's HTML with the page's first screen inside `#root`
 * and the state the browser hydrates it from. The API calls of a render go to this same app in process, as the
 * visitor whose page it is (their address counts against their own rate limit), never over the network.
 */
export class PageRenderer {
  private readonly visitor = new AsyncLocalStorage<string>();
  private readonly pages = new TtlCache<Page | null>(PAGE_TTL_MS, MAX_CACHED_PAGES);
  private rendering = 0;

  private constructor(
    private readonly app: FastifyInstance,
    /** The web app's server bundle, loaded once the server listens (see load). */
    private readonly entry: () => Promise<ServerEntry>,
    private readonly template: string,
  ) {}

  /** Null when the web app or its server bundle is not built; pages are then rendered in the browser alone. */
  static async load(
    app: FastifyInstance,
    options: { webDistDir: string; serverDistDir: string; runtimeConfig: () => RuntimeConfig },
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
    const renderer = new PageRenderer(app, entry, inlineStylesheet(template, options.webDistDir));
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
  async send(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const url = request.raw.url ?? '/';
    let page: Page | null;
    try {
      page = await this.pages.get(url, () => this.visitor.run(request.ip, () => this.render(url)));
    } catch (error) {
      if (!(error instanceof Busy))
        request.log.warn(
          { err: error, url },
          'server rendering failed; sending the page without a first screen',
        );
      return false;
    }
    if (!page) return false;
    const accepted = request.headers['accept-encoding'] ?? '';
    const [body, encoding] = /\bbr\b/.test(accepted)
      ? [page.br, 'br']
      : /\bgzip\b/.test(accepted)
        ? [page.gzip, 'gzip']
        : [page.html, null];
    if (encoding) reply.header('content-encoding', encoding);
    await reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .send(body);
    return true;
  }

  private async render(url: string): Promise<Page | null> {
    if (this.rendering >= MAX_RENDERS) throw new Busy();
    this.rendering += 1;
    let rendered: Awaited<ReturnType<ServerEntry['renderPage']>>;
    try {
      rendered = await (await this.entry()).renderPage(url, AbortSignal.timeout(RENDER_TIMEOUT_MS));
    } finally {
      this.rendering -= 1;
    }
    if (!rendered) return null;
    // The page's own title replaces the app's generic one.
    const template = rendered.head.includes('<title>') ? this.template.replace(TITLE, '') : this.template;
    const html = Buffer.from(
      template
        .replace('</head>', () => `${rendered.head}</head>`)
        .replace(
          ROOT,
          () =>
            `<div id="root">${rendered.html}</div><script type="application/json" id="${SERVER_STATE_ELEMENT_ID}">${rendered.state}</script>`,
        ),
    );
    return {
      html,
      br: brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }),
      gzip: gzipSync(html, { level: 6 }),
    };
  }

  private async callApi(url: string, init: RequestInit): Promise<Response> {
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const answer = await this.app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url,
      headers,
      ...(typeof init.body === 'string' ? { payload: init.body } : {}),
      remoteAddress: this.visitor.getStore() ?? '127.0.0.1',
    });
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

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { RuntimeConfig } from '@ray/shared/schemas/config';
import { msg } from '@ray/shared/messages.ar';
import { serverMsg } from '@ray/shared/server-messages.ar';
import type { PublicAnswers } from '../lib/public-answers';
import { LocalFileStorage, type FileStorage } from '../lib/storage';
import { compressPage, offeringDarkMode, sendHtmlPage, type HtmlPage } from './html-page';
import { PageRenderer } from './page-renderer';
import type { RequestBudget } from './rate-limit';
import { registerStoredUploads } from './stored-uploads';

const YEAR_SECONDS = 365 * 24 * 3600;

/** The page a visitor past their rate limit gets: the limit's message, in Arabic, and nothing to load. */
const RATE_LIMITED_PAGE = `<!doctype html><html lang="ar" dir="rtl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${msg.rateLimited}</title></head><body><main><h1>${msg.rateLimited}</h1></main></body></html>\n`;

/**
 * Serves uploads (from the disk, or streamed from the bucket), the runtime configuration script and the built
 * single-page app with history fallback; the public pages come rendered on the server when the web app's server
 * bundle is built (`dist-ssr` beside `dist`). Every page counts against its visitor's budget of requests, the
 * same as their API calls.
 */
export interface WebOptions {
  storage: FileStorage;
  webDistDir: string;
  runtimeConfig: () => RuntimeConfig;
  pageBudget: RequestBudget;
  /**
   * False while the pages must not come rendered on the server (maintenance): the plain app is sent, and it shows
   * what the configuration says instead of a first screen of posts.
   */
  renderPages?: () => Promise<boolean>;
  /** Whether admins offer the dark theme at the moment: every page and the runtime configuration say so. */
  darkMode?: () => Promise<boolean>;
  /** The visitors' shared answers: a write that evicts some drops the rendered pages too. */
  answers?: PublicAnswers;
}

async function servePagesAndFiles(app: FastifyInstance, options: WebOptions) {
  if (options.storage instanceof LocalFileStorage) {
    await app.register(fastifyStatic, {
      root: options.storage.root,
      prefix: '/uploads/',
      decorateReply: false,
      index: false,
      dotfiles: 'deny',
      immutable: true,
      maxAge: YEAR_SECONDS * 1000,
      setHeaders: (res) => {
        res.setHeader('cross-origin-resource-policy', 'same-site');
      },
    });
  } else {
    registerStoredUploads(app, options.storage);
  }

  // A configuration that cannot be read (the database away) leaves the pages light rather than unanswered.
  const darkMode = async () => {
    try {
      return (await options.darkMode?.()) ?? false;
    } catch {
      return false;
    }
  };

  app.get('/config/env.js', { schema: { hide: true } }, async (_request, reply) => {
    const config = options.runtimeConfig();
    const features = { ...config.features, darkMode: await darkMode() };
    return reply
      .type('application/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(`window.__APP_CONFIG__ = ${JSON.stringify({ ...config, features })};\n`);
  });

  const hasWeb = existsSync(path.join(options.webDistDir, 'index.html'));
  if (hasWeb) {
    const common = {
      index: false,
      // The build writes .br and .gz copies of its text files; the best one the browser accepts is sent.
      preCompressed: true,
      // Set below instead: the plugin's own header would replace the one setHeaders writes.
      cacheControl: false,
    } as const;
    // The hashed build output answers from one wildcard route: a route per file (and per compressed copy)
    // cost a noticeable part of every start.
    await app.register(fastifyStatic, {
      ...common,
      root: path.join(options.webDistDir, 'assets'),
      prefix: '/assets/',
      decorateReply: false,
      setHeaders: (res) => {
        res.setHeader('cache-control', `public, max-age=${YEAR_SECONDS}, immutable`);
        res.setHeader('vary', 'accept-encoding');
      },
    });
    // The few files at the top (the icons, index.html, the offline page, the web app manifest and the service
    // worker /sw.js) get a route each, so unknown paths reach the pages. All are revalidated on each use: a new
    // worker or manifest is found on the next visit, and the worker at the root covers the whole site without a
    // Service-Worker-Allowed header.
    await app.register(fastifyStatic, {
      ...common,
      root: options.webDistDir,
      prefix: '/',
      wildcard: false,
      globIgnore: ['assets/**', '**/*.br', '**/*.gz'],
      setHeaders: (res) => {
        res.setHeader('cache-control', 'no-cache');
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }

  const renderer = hasWeb
    ? await PageRenderer.load(app, {
        webDistDir: options.webDistDir,
        serverDistDir: path.join(path.dirname(options.webDistDir), 'dist-ssr'),
        runtimeConfig: options.runtimeConfig,
        ...(options.answers ? { answers: options.answers } : {}),
      })
    : null;

  // The app's page as sent while the dark theme is offered, made at its first use.
  let darkShell: HtmlPage | undefined;
  const shellOfferingDarkMode = () =>
    (darkShell ??= compressPage(
      offeringDarkMode(readFileSync(path.join(options.webDistDir, 'index.html'), 'utf8')),
    ));

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.raw.url ?? '/';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !url.startsWith('/api/') &&
      !url.startsWith('/uploads/') &&
      !/\.[a-z0-9]+(\?|$)/i.test(url.split('?')[0] ?? '');
    if (hasWeb && wantsPage) {
      const wait = await options.pageBudget(request);
      if (wait > 0)
        return reply
          .status(429)
          .header('retry-after', String(wait))
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(RATE_LIMITED_PAGE);
      const look = { darkMode: await darkMode() };
      const render = renderer && request.method === 'GET' && (await (options.renderPages?.() ?? true));
      if (render && (await renderer.send(request, reply, look))) return reply;
      if (look.darkMode) {
        await sendHtmlPage(request, reply, shellOfferingDarkMode(), 'no-cache');
        return reply;
      }
      return reply.header('cache-control', 'no-cache').sendFile('index.html', options.webDistDir);
    }
    return reply.status(404).send({ success: false, code: 'NOT_FOUND', message: serverMsg.routeNotFound });
  });
}

export const web = fp(servePagesAndFiles, { name: 'web' });

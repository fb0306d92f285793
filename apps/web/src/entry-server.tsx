import { QUERY_STALE_MS } from '@ray/shared/constants';
import type { RuntimeConfig } from '@ray/shared/schemas/config';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
// The build without Node's AsyncLocalStorage: React's Node build keeps one for its requests, and once one has
// run, Node 20 tracks every promise of the process (every API request, rendered or not) to carry it along.
import { prerender } from 'react-dom/static.browser';
import { StaticRouter } from 'react-router';
import { AppRoot } from './app/app-root';
import { loadPageData, pageAddress as canonicalAddress } from './app/page-data';
import { setApiTransport, type ApiTransport } from './lib/api-client';
import { setRuntimeConfig } from './lib/runtime-config';
import { serializeServerState } from './lib/server-state';

/**
 * Server rendering of the public pages: the page's first screen as HTML, rendered from the same components as
 * in the browser and from the answers of the API in the same process, as a visitor sees it. The browser then
 * hydrates it from the state that comes with it instead of starting from a blank page.
 */

export interface RenderedPage {
  /** Elements the page hoists into the document's head (its `<title>`). */
  head: string;
  /** The markup that goes inside `#root`. */
  html: string;
  /** The JSON of the page's `ServerState`, safe to place inside a `<script type="application/json">`. */
  state: string;
}

export function configureServerRendering(options: { transport: ApiTransport; config: RuntimeConfig }): void {
  setApiTransport(options.transport);
  setRuntimeConfig(options.config);
}

/**
 * The address the page at `url` is rendered and cached under, with only the query parameters it reads
 * (`/?utm_source=x` → `/`); null for a page rendered in the browser alone.
 */
export function pageAddress(url: string): string | null {
  return canonicalAddress(new URL(url, 'http://localhost'));
}

const HOISTED = /^((?:<title>[\s\S]*?<\/title>|<meta [^>]*>|<link [^>]*>)*)([\s\S]*)$/;

/**
 * Renders the page at `url` (path and query), or answers null when that page is not rendered on the server.
 * `signal` stops a render that takes too long; the caller then serves the page without a first screen.
 */
export async function renderPage(url: string, signal?: AbortSignal): Promise<RenderedPage | null> {
  const location = new URL(url, 'http://localhost');
  const client = new QueryClient({
    defaultOptions: { queries: { staleTime: QUERY_STALE_MS, retry: false } },
  });
  try {
    if (!(await loadPageData(client, location))) return null;
    signal?.throwIfAborted();
    const renderedAt = Date.now();
    const Router = ({ children }: { children: ReactNode }) => (
      <StaticRouter location={`${location.pathname}${location.search}`}>{children}</StaticRouter>
    );
    const failures: Error[] = [];
    const { prelude } = await prerender(<AppRoot Router={Router} client={client} renderedAt={renderedAt} />, {
      // Every boundary in place: a boundary moved to the end of the document would need an inline script
      // (which the Content-Security-Policy forbids) to be put back.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      // A part that fails to render would be left for the browser to render, with an error in its console;
      // the whole page is sent unrendered instead.
      onError: (error) => {
        failures.push(error instanceof Error ? error : new Error('render failed', { cause: error }));
      },
      ...(signal ? { signal } : {}),
    });
    const markup = await new Response(prelude).text();
    const [failure] = failures;
    if (failure) throw failure;
    // Rendered without a document around it, React puts what belongs in the head (the page's <title>) first.
    const [, head = '', html = ''] = HOISTED.exec(markup) ?? [];
    return { head, html, state: serializeServerState({ renderedAt, queries: dehydrate(client) }) };
  } finally {
    client.clear();
  }
}

import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DARK_MODE_ATTRIBUTE } from '@ray/shared/theme';
import { entityTag, matchesTag } from '../lib/public-answers';

/** A page held in memory with its compressed copies, made once and sent to many. */
export interface HtmlPage {
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
  /** The entity tag of the page's text, without its quotes; each encoding's copy adds its own suffix. */
  tag: string;
}

export function compressPage(text: string): HtmlPage {
  const html = Buffer.from(text);
  return {
    html,
    br: brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }),
    gzip: gzipSync(html, { level: 6 }),
    tag: entityTag(html).slice(1, -1),
  };
}

/** Sends the best copy the browser accepts, or 304 when the browser or a cache already holds that copy. */
export async function sendHtmlPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: HtmlPage,
  cacheControl: string,
): Promise<void> {
  const accepted = request.headers['accept-encoding'] ?? '';
  const [body, encoding] = /\bbr\b/.test(accepted)
    ? [page.br, 'br']
    : /\bgzip\b/.test(accepted)
      ? [page.gzip, 'gzip']
      : [page.html, null];
  const etag = `"${page.tag}${encoding ? `-${encoding}` : ''}"`;
  void reply.header('cache-control', cacheControl).header('vary', 'accept-encoding').header('etag', etag);
  if (matchesTag(request.headers['if-none-match'], etag)) {
    await reply.code(304).send();
    return;
  }
  if (encoding) reply.header('content-encoding', encoding);
  await reply.type('text/html; charset=utf-8').send(body);
}

/**
 * The page as it is while admins offer the dark theme: its `<html>` says so, and the theme script at the top of
 * its head (THEME_SCRIPT) then follows the device's choice before anything is painted.
 */
export function offeringDarkMode(html: string): string {
  return html.replace('<html ', () => `<html ${DARK_MODE_ATTRIBUTE}="on" `);
}

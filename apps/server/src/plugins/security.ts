import { createHash } from 'node:crypto';
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { THEME_SCRIPT } from '@ray/shared/theme';

/**
 * The only style attributes server-rendered pages carry: the tabs' (the profile and settings tabs render them).
 * Pages that shared caches keep cannot carry a per-request nonce, so these fixed values are allowed by hash.
 */
export const SERVER_RENDERED_STYLE_ATTRIBUTES = ['outline:none', 'animation-duration:0s'];

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * Tokens live in localStorage (spec section 3), so scripts must come only from this origin: no inline script but
 * the theme's (allowed by its hash: it must run before the first paint), no eval, no plugins, no framing. No
 * inline style attribute either but the hashed few above: bar lengths come from classes, and styles set at run
 * time go through the DOM, which the policy does not govern. Style elements may be inline: the dialogs' scroll
 * lock writes one with the measured scrollbar width, which no hash can name.
 * The service worker (/sw.js) and the web app manifest are same-origin: workers have a directive of their own
 * (their fallback, script-src, also names the theme's inline script), and manifest-src falls back to default-src.
 */
export const CONTENT_SECURITY_POLICY: Readonly<Record<string, readonly string[]>> = {
  'default-src': ["'self'"],
  'script-src': ["'self'", sha256(THEME_SCRIPT)],
  'worker-src': ["'self'"],
  'style-src': ["'self'"],
  'style-src-elem': ["'self'", "'unsafe-inline'"],
  'style-src-attr': ["'unsafe-hashes'", ...SERVER_RENDERED_STYLE_ATTRIBUTES.map(sha256)],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'", 'ws:', 'wss:'],
  'media-src': ["'self'"],
  'object-src': ["'none'"],
  'frame-src': ["'none'"],
  'frame-ancestors': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
};

/**
 * The headers of every page and of what pages load, built once at start since they never change: the policy and
 * the protective headers helmet's defaults send, written out here rather than obtained by running helmet, without
 * Strict-Transport-Security or Cross-Origin-Embedder-Policy. Media served from a bucket or a CDN
 * (MEDIA_PUBLIC_URL) is the one other origin images may come from.
 */
export function securityHeaders(mediaOrigin?: string): Record<string, string> {
  const directives = mediaOrigin
    ? { ...CONTENT_SECURITY_POLICY, 'img-src': [...(CONTENT_SECURITY_POLICY['img-src'] ?? []), mediaOrigin] }
    : CONTENT_SECURITY_POLICY;
  return {
    'content-security-policy': Object.entries(directives)
      .map(([name, sources]) => [name, ...sources].join(' '))
      .join(';'),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    // The browsers' XSS auditors are gone or harmful; 0 switches off what is left of them.
    'x-xss-protection': '0',
  };
}

/**
 * The headers of the API's answers, which are data and never a document: a policy that lets them load nothing and
 * be framed nowhere, no sniffing into another type, and no reading from another site's page (OWASP's REST
 * security headers). Everything a page's policy adds governs what a document may do, and would only make each
 * of the many small answers a page asks for a kilobyte longer.
 */
export const API_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none';frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

/** The API's answers; its documentation (/api/docs) is a set of pages like any other. */
const API_ANSWER = /^\/api(?:[/?#]|$)(?!docs(?:[/?#]|$))/;

/**
 * Pages opened from a mailed link whose address carries a secret: a single-use one, which the page takes out of the
 * address at once, or the digest's unsubscribe token, which stays valid. The scripts and styles the page loads
 * first would still repeat the full address as their Referer.
 */
const SECRET_LINK_PAGES = /^\/(?:verify-email|reset-password|unsubscribe)(?:[/?#]|$)/;

export interface SecurityOptions {
  corsOrigins: string[];
  mediaPublicUrl?: string | undefined;
}

async function securityPolicies(app: FastifyInstance, { corsOrigins, mediaPublicUrl }: SecurityOptions) {
  const pageHeaders = securityHeaders(mediaPublicUrl ? new URL(mediaPublicUrl).origin : undefined);
  app.addHook('onRequest', (request, reply, done) => {
    if (API_ANSWER.test(request.url)) {
      reply.headers(API_HEADERS);
    } else {
      reply.headers(pageHeaders);
      if (SECRET_LINK_PAGES.test(request.url)) reply.header('referrer-policy', 'no-referrer');
    }
    done();
  });
  // Without origins there is nothing to grant: the plugin would only cost every request a hook that does nothing,
  // and a preflight gets the same 404 either way.
  if (corsOrigins.length === 0) return;
  await app.register(cors, {
    origin: corsOrigins,
    credentials: false,
    methods: ['GET', 'POST', 'PUT', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type'],
    maxAge: 600,
  });
}

export const security = fp(securityPolicies, { name: 'security' });

import { createHash } from 'node:crypto';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The only style attributes server-rendered pages carry: the tabs' (the profile and settings tabs render them).
 * Pages that shared caches keep cannot carry a per-request nonce, so these fixed values are allowed by hash.
 */
export const SERVER_RENDERED_STYLE_ATTRIBUTES = ['outline:none', 'animation-duration:0s'];

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * Tokens live in localStorage (spec section 3), so scripts must come only from this origin: no inline scripts,
 * no eval, no plugins, no framing. No inline style attribute either but the hashed few above: bar lengths come
 * from classes, and styles set at run time go through the DOM, which the policy does not govern. Style elements
 * may be inline: the dialogs' scroll lock writes one with the measured scrollbar width, which no hash can name.
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  styleSrcElem: ["'self'", "'unsafe-inline'"],
  styleSrcAttr: ["'unsafe-hashes'", ...SERVER_RENDERED_STYLE_ATTRIBUTES.map(sha256)],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'", 'ws:', 'wss:'],
  mediaSrc: ["'self'"],
  objectSrc: ["'none'"],
  frameSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  upgradeInsecureRequests: null,
};

/** Media served from a bucket or a CDN (MEDIA_PUBLIC_URL) is the one other origin images may come from. */
function helmetOptions(mediaOrigin?: string): HelmetOptions {
  const directives = mediaOrigin
    ? { ...CONTENT_SECURITY_POLICY, imgSrc: [...CONTENT_SECURITY_POLICY.imgSrc, mediaOrigin] }
    : CONTENT_SECURITY_POLICY;
  return {
    contentSecurityPolicy: { useDefaults: false, directives },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    hsts: false,
    frameguard: { action: 'deny' },
  };
}

/**
 * The headers helmet sets for these options. They are the same for every answer, so helmet runs once at start
 * and each answer only copies them (running helmet per request parsed the policy again every time).
 */
export function securityHeaders(options: HelmetOptions = helmetOptions()): Record<string, string> {
  const request = new IncomingMessage(new Socket());
  const response = new ServerResponse(request);
  helmet(options)(request, response, () => undefined);
  return Object.fromEntries(
    Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]),
  );
}

/**
 * Pages opened from a mailed link whose address carries a single-use secret. The page takes it out of the address
 * at once, but the scripts and styles it loads first would still repeat the full address as their Referer.
 */
const SECRET_LINK_PAGES = /^\/(?:verify-email|reset-password)(?:[/?#]|$)/;

export async function registerSecurity(app: FastifyInstance, corsOrigins: string[], mediaPublicUrl?: string) {
  const headers = securityHeaders(helmetOptions(mediaPublicUrl ? new URL(mediaPublicUrl).origin : undefined));
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    if (SECRET_LINK_PAGES.test(request.url)) reply.header('referrer-policy', 'no-referrer');
    done();
  });
  await app.register(cors, {
    origin: corsOrigins.length > 0 ? corsOrigins : false,
    credentials: false,
    methods: ['GET', 'POST', 'PUT', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type'],
    maxAge: 600,
  });
}

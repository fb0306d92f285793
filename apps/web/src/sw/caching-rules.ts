/**
 * What the service worker may keep, as pure functions of a request and its answer, so the rules are tested
 * apart from the worker. The rule of thumb: only what any visitor would get for the same address may be kept,
 * since a cache outlives the session of whoever filled it.
 */

/** The page for an address never read on this device, without a connection (written by build/offline-page.ts). */
export const OFFLINE_PAGE_URL = '/offline.html';

/** The parts of a request the rules read; a `Request` has them. */
export interface RequestFacts {
  method: string;
  url: string;
  mode?: string;
  headers: { has(name: string): boolean };
}

/** The parts of an answer the rules read; a `Response` has them. */
export interface ResponseFacts {
  status: number;
  type: string;
  headers: { get(name: string): string | null };
}

/**
 * API paths whose answers are someone's own (account, notifications, devices, administration, bookmarks,
 * moderation queues) or tied to a cookie (the ad visitor id). Never kept, whatever the request looks like.
 */
export const PRIVATE_API_PREFIXES = [
  '/api/account',
  '/api/notifications',
  '/api/push',
  '/api/admin',
  '/api/ads',
  '/api/analytics',
  '/api/bookmarks',
  '/api/moderation',
  '/api/reports',
  '/api/users',
  '/api/votes',
] as const;

/** API paths that answer every visitor alike: posts (the visitors' feed, trends, search), hashtags, comments. */
export const PUBLIC_API_PREFIXES = ['/api/posts', '/api/hashtags', '/api/comments', '/api/config'] as const;

const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

function sameOriginPath(url: string, origin: string): string | null {
  const parsed = new URL(url, origin);
  return parsed.origin === origin ? parsed.pathname : null;
}

/** A page the browser is opening (an address typed, a link followed, a reload), not a fetch of the app. */
export function isPageNavigation(request: RequestFacts): boolean {
  return request.mode === 'navigate' && request.method === 'GET';
}

/**
 * Whether an API request may be answered from, and written to, the short-lived public cache: a GET of this
 * origin to a public path, sent without a session. A request with an `Authorization` header carries someone's
 * session, and its answer (their votes, their bookmarks on each post) is theirs alone. The worker cannot see
 * cookies, so paths where one is sent are private by name.
 */
export function isPublicApiRequest(request: RequestFacts, origin: string): boolean {
  if (request.method !== 'GET') return false;
  if (request.headers.has('authorization') || request.headers.has('cookie')) return false;
  const path = sameOriginPath(request.url, origin);
  if (path === null || !under(path, '/api')) return false;
  if (PRIVATE_API_PREFIXES.some((prefix) => under(path, prefix))) return false;
  return PUBLIC_API_PREFIXES.some((prefix) => under(path, prefix));
}

/** The content-hashed build output: the same address never changes, so a kept copy is good for good. */
export function isHashedAsset(request: RequestFacts, origin: string): boolean {
  if (request.method !== 'GET') return false;
  const path = sameOriginPath(request.url, origin);
  return path !== null && path.startsWith('/assets/');
}

/** An uploaded image served by this origin (a bucket behind MEDIA_PUBLIC_URL answers opaquely, never kept). */
export function isUploadedImage(request: RequestFacts, origin: string): boolean {
  if (request.method !== 'GET') return false;
  const path = sameOriginPath(request.url, origin);
  return path !== null && path.startsWith('/uploads/');
}

/** The runtime configuration script, which every page loads before the app's code. */
export function isRuntimeConfig(request: RequestFacts, origin: string): boolean {
  return request.method === 'GET' && sameOriginPath(request.url, origin) === '/config/env.js';
}

/**
 * Whether an answer may be written to a cache: a whole, successful, same-origin answer that the server did not
 * mark as someone's own (`private`) or as not to be stored (`no-store`). Redirects and errors are never kept,
 * so going offline never replays a sign-in redirect or a passing failure.
 */
export function isKeepableResponse(response: ResponseFacts): boolean {
  if (response.status !== 200 || response.type !== 'basic') return false;
  const cacheControl = response.headers.get('cache-control') ?? '';
  if (/\b(no-store|private)\b/i.test(cacheControl)) return false;
  // An answer that varies by session would be someone's own.
  const vary = response.headers.get('vary') ?? '';
  return !/\b(authorization|cookie)\b/i.test(vary) && vary.trim() !== '*';
}

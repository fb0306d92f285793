import { describe, expect, it } from 'vitest';
import {
  isHashedAsset,
  isKeepableResponse,
  isPageNavigation,
  isPublicApiRequest,
  isRuntimeConfig,
  isUploadedImage,
} from './caching-rules';

const ORIGIN = 'https://ray.example';

function request(
  url: string,
  init: { method?: string; mode?: string; headers?: Record<string, string> } = {},
) {
  return new Request(new URL(url, ORIGIN), {
    method: init.method ?? 'GET',
    headers: init.headers ?? {},
    ...(init.method && init.method !== 'GET' ? { body: '{}' } : {}),
  });
}

/** A Request made outside a browser cannot say it is a navigation; the rules only read these fields. */
const navigation = (url: string, method = 'GET') => ({
  method,
  url: new URL(url, ORIGIN).href,
  mode: 'navigate',
  headers: new Headers(),
});

function response(status: number, headers: Record<string, string> = {}, type: ResponseType = 'basic') {
  return { status, type, headers: new Headers(headers) };
}

describe('which API requests the worker may keep', () => {
  it('keeps the public reads a visitor makes: the feed, a post, trends, hashtags, comments', () => {
    for (const url of [
      '/api/posts/paginated?page=1',
      '/api/posts/42',
      '/api/posts/trending',
      '/api/hashtags/trending',
      '/api/comments/post/42',
      '/api/config',
    ]) {
      expect(isPublicApiRequest(request(url), ORIGIN), url).toBe(true);
    }
  });

  it('never keeps a request that carries a session, even to a public path', () => {
    const signedIn = request('/api/posts/paginated', { headers: { Authorization: 'Bearer abc.def.ghi' } });
    expect(isPublicApiRequest(signedIn, ORIGIN)).toBe(false);
    const withCookie = {
      ...navigation('/api/posts/1'),
      mode: 'cors',
      headers: new Headers({ cookie: 'a=b' }),
    };
    expect(isPublicApiRequest(withCookie, ORIGIN)).toBe(false);
  });

  it('never keeps anything under the private paths, with or without a session', () => {
    for (const url of [
      '/api/account/sessions',
      '/api/account',
      '/api/notifications/user',
      '/api/push/public-key',
      '/api/admin/ads',
      '/api/ads/placement/Header',
      '/api/bookmarks',
      '/api/users/profile',
      '/api/moderation/queue',
    ]) {
      expect(isPublicApiRequest(request(url), ORIGIN), url).toBe(false);
    }
  });

  it('keeps reads only: writes, other origins and look-alike paths pass through', () => {
    expect(isPublicApiRequest(request('/api/posts', { method: 'POST' }), ORIGIN)).toBe(false);
    expect(isPublicApiRequest(request('https://elsewhere.example/api/posts/1'), ORIGIN)).toBe(false);
    expect(isPublicApiRequest(request('/api/postsecret'), ORIGIN)).toBe(false);
    expect(isPublicApiRequest(request('/api/unknown'), ORIGIN)).toBe(false);
    expect(isPublicApiRequest(request('/posts/1'), ORIGIN)).toBe(false);
  });
});

describe('what else the worker recognises', () => {
  it('treats only GET navigations as pages', () => {
    expect(isPageNavigation(navigation('/posts/1'))).toBe(true);
    expect(isPageNavigation(navigation('/contact', 'POST'))).toBe(false);
    expect(isPageNavigation(request('/posts/1'))).toBe(false);
  });

  it('knows the hashed build files, the uploaded images and the runtime configuration of this origin', () => {
    expect(isHashedAsset(request('/assets/post-detail-page-DgCAvlCU.js'), ORIGIN)).toBe(true);
    expect(isHashedAsset(request('https://cdn.example/assets/x.js'), ORIGIN)).toBe(false);
    expect(isHashedAsset(request('/uploads/a.jpg'), ORIGIN)).toBe(false);
    expect(isUploadedImage(request('/uploads/posts/2026/ab12.webp'), ORIGIN)).toBe(true);
    expect(isUploadedImage(request('https://media.example/uploads/ab12.webp'), ORIGIN)).toBe(false);
    expect(isUploadedImage(request('/uploads/x.webp', { method: 'DELETE' }), ORIGIN)).toBe(false);
    expect(isRuntimeConfig(request('/config/env.js'), ORIGIN)).toBe(true);
    expect(isRuntimeConfig(request('/config/env.js', { method: 'POST' }), ORIGIN)).toBe(false);
  });
});

describe('which answers may be written to a cache', () => {
  it('writes a whole same-origin 200, including pages sent with no-cache', () => {
    expect(isKeepableResponse(response(200))).toBe(true);
    expect(isKeepableResponse(response(200, { 'cache-control': 'no-cache', vary: 'accept-encoding' }))).toBe(
      true,
    );
  });

  it('never writes errors, redirects, opaque answers or what the server marks private or not to be stored', () => {
    expect(isKeepableResponse(response(404))).toBe(false);
    expect(isKeepableResponse(response(500))).toBe(false);
    expect(isKeepableResponse(response(0, {}, 'opaqueredirect'))).toBe(false);
    expect(isKeepableResponse(response(200, {}, 'opaque'))).toBe(false);
    expect(isKeepableResponse(response(200, { 'cache-control': 'no-store' }))).toBe(false);
    expect(isKeepableResponse(response(200, { 'cache-control': 'private, max-age=60' }))).toBe(false);
  });

  it('never writes an answer that varies by session', () => {
    expect(isKeepableResponse(response(200, { vary: 'Accept-Encoding, Authorization' }))).toBe(false);
    expect(isKeepableResponse(response(200, { vary: 'Cookie' }))).toBe(false);
    expect(isKeepableResponse(response(200, { vary: '*' }))).toBe(false);
  });
});

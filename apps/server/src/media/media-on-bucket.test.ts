import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg } from '@ray/shared/messages.ar';
import { serverMsg } from '@ray/shared/server-messages.ar';
import type { Post } from '@ray/shared/schemas/post';
import { posts, users } from '../db/schema';
import { startS3Server, type S3Server } from '../test/s3-server';
import { bearer, createTestApp, registerUser, type TestApp, type TestUser } from '../test/test-app';

const MEDIA = 'https://media.example.test';
const NAME = /[a-f0-9]{32}\.webp$/;

let s3: S3Server;
/** Served by the app itself (no MEDIA_PUBLIC_URL). */
let t: TestApp;
/** The same bucket behind a CDN. */
let cdn: TestApp;
let user: TestUser;
let cdnUser: TestUser;

beforeAll(async () => {
  s3 = await startS3Server();
  t = await createTestApp(s3.env);
  cdn = await createTestApp({ ...s3.env, MEDIA_PUBLIC_URL: `${MEDIA}/` });
  user = await registerUser(t.app);
  cdnUser = await registerUser(cdn.app);
});
afterAll(async () => {
  await cdn.close();
  await t.close();
  await s3.stop();
});

function multipart(file: Buffer): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----RayBoundary${randomBytes(8).toString('hex')}`;
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const png = (size = 96) =>
  sharp({ create: { width: size, height: size, channels: 3, background: { r: 40, g: 90, b: 160 } } })
    .png()
    .toBuffer();

async function upload(app: TestApp, who: TestUser, url = '/api/attachment/upload') {
  const body = multipart(await png());
  return app.app.inject({
    method: 'POST',
    url,
    headers: { ...body.headers, ...bearer(who.token) },
    payload: body.payload,
  });
}

async function uploadPostImage(app: TestApp, who: TestUser) {
  const response = await upload(app, who);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ url: string; thumbnailUrl: string }>();
}

const keyOf = (url: string) => url.replace(/^.*\/(\w+\/[a-f0-9]{32}\.webp)$/, '$1');

describe('post images on an S3-compatible bucket', () => {
  it('stores the original and the thumbnail in the bucket and streams them with immutable caching', async () => {
    const { url, thumbnailUrl } = await uploadPostImage(t, user);
    expect(url).toMatch(/^\/uploads\/original\/[a-f0-9]{32}\.webp$/);
    expect(thumbnailUrl).toBe(url.replace('/original/', '/thumb/'));

    const stored = await s3.read(keyOf(url));
    expect(stored).not.toBeNull();
    expect((await sharp(stored!).metadata()).format).toBe('webp');
    expect(await s3.has(keyOf(thumbnailUrl))).toBe(true);

    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload).toEqual(stored);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['content-length']).toBe(String(stored!.length));
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const etag = served.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);

    const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);

    const head = await t.app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(stored!.length));
    expect(head.headers['content-type']).toBe('image/webp');
  });

  it('answers a missing file with 404 and the Arabic message', async () => {
    for (const url of [
      '/uploads/original/0123456789abcdef0123456789abcdef.webp',
      '/uploads/.env',
      '/uploads/original/%2e%2e%2fsecret',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({
        success: false,
        code: 'NOT_FOUND',
        message: serverMsg.routeNotFound,
      });
    }
  });

  it('removes both objects of a post when the post is deleted', async () => {
    const { url, thumbnailUrl } = await uploadPostImage(t, user);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: bearer(user.token),
      payload: { content: 'صورة من الرحلة', votingType: 'like-dislike', imageUrl: url },
    });
    expect(created.statusCode, created.body).toBe(201);
    const post = created.json<Post>();
    expect(post.thumbnailUrl).toBe(thumbnailUrl);

    const deleted = await t.app.inject({
      method: 'POST',
      url: `/api/posts/${post.id}/delete`,
      headers: bearer(user.token),
    });
    expect(deleted.statusCode).toBe(200);
    expect(await s3.has(keyOf(url))).toBe(false);
    expect(await s3.has(keyOf(thumbnailUrl))).toBe(false);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('removes the previous avatar from the bucket when a new one replaces it', async () => {
    const someone = await registerUser(t.app);
    const first = await upload(t, someone, '/api/users/avatar');
    const second = await upload(t, someone, '/api/users/avatar');
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    const firstUrl = first.json<{ url: string }>().url;
    const secondUrl = second.json<{ url: string }>().url;
    expect(secondUrl).toMatch(/^\/uploads\/avatar\//);
    expect(await s3.has(keyOf(firstUrl))).toBe(false);
    expect(await s3.has(keyOf(secondUrl))).toBe(true);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, someone.userId));
    expect(row!.avatarUrl).toBe(secondUrl);
  });
});

describe('media served from a CDN (MEDIA_PUBLIC_URL)', () => {
  it('hands out CDN addresses that a post accepts, its thumbnail on the CDN too', async () => {
    const { url, thumbnailUrl } = await uploadPostImage(cdn, cdnUser);
    expect(url).toMatch(new RegExp(`^${MEDIA}/original/${NAME.source}`));
    expect(thumbnailUrl).toBe(url.replace('/original/', '/thumb/'));
    expect(await s3.has(keyOf(url))).toBe(true);

    const created = await cdn.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: bearer(cdnUser.token),
      payload: { content: 'من الشبكة', votingType: 'like-dislike', imageUrl: url },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<Post>()).toMatchObject({ imageUrl: url, thumbnailUrl });
  });

  it('still accepts and serves /uploads/ URLs of files copied into the bucket', async () => {
    const { url } = await uploadPostImage(t, user);
    const created = await cdn.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: bearer(cdnUser.token),
      payload: { content: 'صورة قديمة', votingType: 'like-dislike', imageUrl: url },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect((await cdn.app.inject({ method: 'GET', url })).statusCode).toBe(200);
  });

  it('refuses an image on another host with 400 and the Arabic message, writing nothing', async () => {
    const { url } = await uploadPostImage(cdn, cdnUser);
    const [before] = await cdn.database.db.select({ n: count() }).from(posts);
    for (const foreign of [
      url.replace(MEDIA, 'https://evil.example'),
      url.replace(MEDIA, `${MEDIA}.evil.example`),
      url.replace(MEDIA, 'http://media.example.test'),
    ]) {
      const response = await cdn.app.inject({
        method: 'POST',
        url: '/api/posts',
        headers: bearer(cdnUser.token),
        payload: { content: 'صورة من مكان آخر', votingType: 'like-dislike', imageUrl: foreign },
      });
      expect(response.statusCode, foreign).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: msg.imageTypeInvalid,
        errors: { imageUrl: [msg.imageTypeInvalid] },
      });
    }
    const [after] = await cdn.database.db.select({ n: count() }).from(posts);
    expect(after!.n).toBe(before!.n);
  });

  it('lets pages load images from the media origin and from nowhere else', async () => {
    const csp = (await cdn.app.inject({ method: 'GET', url: '/config/env.js' })).headers[
      'content-security-policy'
    ] as string;
    const imgSrc = csp
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .find(([name]) => name === 'img-src');
    expect(imgSrc).toEqual(['img-src', "'self'", 'data:', 'blob:', MEDIA]);
    const own = (await t.app.inject({ method: 'GET', url: '/config/env.js' })).headers[
      'content-security-policy'
    ];
    expect(own).not.toContain(MEDIA);
  });
});

describe('a bucket that stops answering', () => {
  let down: S3Server;
  let app: TestApp;
  let someone: TestUser;

  beforeAll(async () => {
    down = await startS3Server('ray-outage');
    app = await createTestApp(down.env);
    someone = await registerUser(app.app);
  });
  afterAll(async () => {
    await app.close();
    await down.stop();
  });

  it('answers uploads with 503 and the Arabic message, and keeps posts and avatars as they were', async () => {
    const { url } = await uploadPostImage(app, someone);
    await down.stop();
    const countPosts = async () => (await app.database.db.select({ n: count() }).from(posts))[0]!.n;
    const before = await countPosts();

    for (const path of ['/api/attachment/upload', '/api/users/avatar']) {
      const response = await upload(app, someone, path);
      expect(response.statusCode, path).toBe(503);
      expect(response.json()).toEqual({
        success: false,
        code: 'STORAGE_UNAVAILABLE',
        message: serverMsg.storageUnavailable,
      });
      expect(response.headers['retry-after']).toBe('5');
    }

    const post = await app.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: bearer(someone.token),
      payload: { content: 'صورة والتخزين متوقف', votingType: 'like-dislike', imageUrl: url },
    });
    expect(post.statusCode).toBe(503);
    expect(post.json()).toMatchObject({ code: 'STORAGE_UNAVAILABLE', message: serverMsg.storageUnavailable });

    expect(await countPosts()).toBe(before);
    const [row] = await app.database.db.select().from(users).where(eq(users.id, someone.userId));
    expect(row!.avatarUrl).toBeNull();
  });
});

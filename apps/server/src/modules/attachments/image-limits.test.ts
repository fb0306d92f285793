import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverMsg } from '@ray/shared/server-messages.ar';
import { EnvError, loadEnv } from '../../env';
import { animatedGif } from '../../test/animated-gif';
import { blankPng } from '../../test/png';
import { bearer, createTestApp, registerUser, type TestApp } from '../../test/test-app';

interface ErrorBody {
  success: false;
  code: string;
  message: string;
}

/** Apps with the limits under test: default pixels and one image at a time; few pixels; one second. */
let busy: TestApp;
let tight: TestApp;
let slow: TestApp;

beforeAll(async () => {
  busy = await createTestApp({ IMAGE_JOBS: '1', IMAGE_QUEUE: '1', IMAGE_UPLOADS_PER_USER: '1' });
  tight = await createTestApp({ IMAGE_MAX_PIXELS: '2000000' });
  slow = await createTestApp({ IMAGE_TIME_LIMIT_SECONDS: '1', IMAGE_MAX_PIXELS: '400000000' });
});
afterAll(async () => {
  await Promise.all([busy.close(), tight.close(), slow.close()]);
});

function multipart(data: Buffer, filename: string, contentType: string) {
  const boundary = `----RayBoundary${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function upload(t: TestApp, url: string, token: string, data: Buffer, filename = 'image.gif') {
  const type = filename.endsWith('.png')
    ? 'image/png'
    : filename.endsWith('.webp')
      ? 'image/webp'
      : 'image/gif';
  const body = multipart(data, filename, type);
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...body.headers, ...bearer(token) },
    payload: body.payload,
  });
}
const postImage = (t: TestApp, token: string, data: Buffer, filename?: string) =>
  upload(t, '/api/attachment/upload', token, data, filename);
const avatar = (t: TestApp, token: string, data: Buffer, filename?: string) =>
  upload(t, '/api/users/avatar', token, data, filename);

/** Every file the app's storage holds. */
function storedFiles(t: TestApp): string[] {
  const root = path.join(t.env.DATA_DIR, 'uploads');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);
}

async function served(t: TestApp, url: string) {
  const response = await t.app.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  return sharp(response.rawPayload, { animated: true }).metadata();
}

async function avatarUrl(t: TestApp, token: string): Promise<string | null> {
  const response = await t.app.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(token) });
  return response.json<{ avatarUrl: string | null }>().avatarUrl;
}

/** 1,000 × 1,000 pixels × 30 frames: accepted, and long enough to process that others arrive meanwhile. */
const HEAVY = animatedGif(1_000, 1_000, 30);

describe('pixel budget over all frames', () => {
  it('refuses a 300-byte GIF whose 13 frames make 52 million pixels with 413 and the Arabic message', async () => {
    const user = await registerUser(busy.app);
    const gif = animatedGif(2_000, 2_000, 13);
    expect(gif.length).toBeLessThan(400);
    const before = storedFiles(busy).length;
    const response = await postImage(busy, user.token, gif);
    expect(response.statusCode).toBe(413);
    expect(response.json<ErrorBody>()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: serverMsg.imageAnimationTooLarge,
    });
    expect(storedFiles(busy).length).toBe(before);
  });

  it('counts every frame of an animated WebP against IMAGE_MAX_PIXELS', async () => {
    const user = await registerUser(tight.app);
    // 12 frames of 500 × 500: 250,000 pixels each, 3 million together, over the budget of 2 million.
    const webp = await sharp(animatedGif(500, 500, 12), { animated: true })
      .webp()
      .toBuffer();
    expect((await sharp(webp).metadata()).pages).toBe(12);
    const response = await postImage(tight, user.token, webp, 'moving.webp');
    expect(response.statusCode).toBe(413);
    expect(response.json<ErrorBody>().message).toBe(serverMsg.imageAnimationTooLarge);
    expect(storedFiles(tight)).toEqual([]);
  });

  it('refuses an animation of more than 1,000 frames however small they are', async () => {
    const user = await registerUser(busy.app);
    const response = await postImage(busy, user.token, animatedGif(2, 2, 1_001));
    expect(response.statusCode).toBe(413);
    expect(response.json<ErrorBody>().message).toBe(serverMsg.imageAnimationTooLarge);
  });

  it('refuses a still image over IMAGE_MAX_PIXELS with the dimensions message', async () => {
    const user = await registerUser(tight.app);
    const response = await postImage(tight, user.token, blankPng(1_500, 1_500), 'still.png');
    expect(response.statusCode).toBe(413);
    expect(response.json<ErrorBody>().message).toBe(serverMsg.imageTooManyPixels);
  });

  it('keeps a post image animated, thumbnail included, when its frames fit the budget', async () => {
    const user = await registerUser(tight.app);
    const response = await postImage(tight, user.token, animatedGif(500, 500, 7));
    expect(response.statusCode).toBe(201);
    const { url, thumbnailUrl } = response.json<{ url: string; thumbnailUrl: string }>();
    expect((await served(tight, url)).pages).toBe(7);
    expect((await served(tight, thumbnailUrl)).pages).toBe(7);
  });

  it('stores the first frame of an animated avatar, whose other frames are neither decoded nor counted', async () => {
    const user = await registerUser(tight.app);
    const response = await avatar(tight, user.token, animatedGif(500, 500, 12));
    expect(response.statusCode).toBe(200);
    const metadata = await served(tight, response.json<{ url: string }>().url);
    expect(metadata.pages ?? 1).toBe(1);
    expect([metadata.width, metadata.height]).toEqual([512, 512]);
  });
});

describe('one user at a time', () => {
  it('refuses an image sent while the same user’s previous one is processed with 429, then takes the next', async () => {
    const user = await registerUser(busy.app);
    const [first, second] = await Promise.all([
      postImage(busy, user.token, HEAVY),
      postImage(busy, user.token, HEAVY),
    ]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses).toEqual([201, 429]);
    const refused = first.statusCode === 429 ? first : second;
    expect(refused.json<ErrorBody>()).toMatchObject({
      code: 'RATE_LIMITED',
      message: serverMsg.imageUploadInProgress,
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // The slot frees when the work ends, refused or not.
    expect((await postImage(busy, user.token, Buffer.from('GIF89a not really'))).statusCode).toBe(415);
    expect((await avatar(busy, user.token, animatedGif(64, 64, 3))).statusCode).toBe(200);
  });
});

describe('bounded image work', () => {
  it('answers past the queue with 503, Retry-After and the Arabic message, and processes the rest', async () => {
    const users = await Promise.all([1, 2, 3].map(() => registerUser(busy.app)));
    // One image at a time, one waiting: of three sent together, the third finds no place.
    const responses = await Promise.all(users.map((user) => postImage(busy, user.token, HEAVY)));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 201, 503]);
    const refused = responses.find((response) => response.statusCode === 503)!;
    expect(refused.json<ErrorBody>()).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: serverMsg.imagesBusy,
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(busy.app.ctx.images.running + busy.app.ctx.images.queued).toBe(0);
  });
});

describe('time budget', () => {
  it('stops a post image that takes longer than IMAGE_TIME_LIMIT_SECONDS with 413 and stores nothing', async () => {
    const user = await registerUser(slow.app);
    // 20,000 × 20,000 one-bit pixels: 50 KB that take several seconds to decode.
    const started = performance.now();
    const response = await postImage(slow, user.token, blankPng(20_000, 20_000), 'huge.png');
    expect(response.statusCode).toBe(413);
    expect(response.json<ErrorBody>()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: serverMsg.imageTooSlow,
    });
    expect(performance.now() - started).toBeLessThan(4_000);
    expect(storedFiles(slow)).toEqual([]);
  });

  it('stops an avatar over the time budget and leaves the profile and the storage as they were', async () => {
    const user = await registerUser(slow.app);
    const response = await avatar(slow, user.token, blankPng(20_000, 20_000), 'huge.png');
    expect(response.statusCode).toBe(413);
    expect(response.json<ErrorBody>().message).toBe(serverMsg.imageTooSlow);
    expect(await avatarUrl(slow, user.token)).toBeNull();
    expect(storedFiles(slow)).toEqual([]);
  });
});

describe('settings', () => {
  it('refuses at start-up more image jobs than leave two libuv threads for password hashing', () => {
    expect(() => loadEnv({ IMAGE_JOBS: '3' })).toThrow(EnvError);
    expect(() => loadEnv({ IMAGE_JOBS: '3' })).toThrow(/IMAGE_JOBS/);
    expect(loadEnv({ IMAGE_JOBS: '3', UV_THREADPOOL_SIZE: '6' }).IMAGE_JOBS).toBe(3);
    expect(loadEnv({}).IMAGE_JOBS).toBe(1);
  });
});

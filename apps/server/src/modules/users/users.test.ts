import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVATAR_MAX } from '@ray/shared/constants';
import { msg } from '@ray/shared/messages.ar';
import { serverMsg } from '@ray/shared/server-messages.ar';
import { bearer, createTestApp, registerUser, type TestApp, type TestUser } from '../../test/test-app';

interface ErrorBody {
  success: false;
  code: string;
  message: string;
  errors?: Record<string, string[]>;
}

interface Profile {
  userId: string;
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  bio: string | null;
  avatarUrl: string | null;
  createdAt: string;
  isGuest: boolean;
  role: string;
  hasPassword: boolean;
}

let t: TestApp;
let user: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  user = await registerUser(t.app, { firstName: 'سارة', lastName: 'العتيبي' });
});
afterAll(async () => {
  await t.close();
});

const getProfile = (token?: string) =>
  t.app.inject({ method: 'GET', url: '/api/users/profile', headers: token ? bearer(token) : {} });
const putProfile = (token: string | undefined, payload: object | string) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/users/profile',
    headers: {
      ...(token ? bearer(token) : {}),
      ...(typeof payload === 'string' ? { 'content-type': 'application/json' } : {}),
    },
    payload,
  });
const profileName = (userId: string) =>
  t.app.inject({ method: 'GET', url: `/api/users/profile-name?userId=${encodeURIComponent(userId)}` });

interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer | string;
}

/** A multipart/form-data body built by hand, as a browser would send it. */
function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----RayBoundary${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.filename !== undefined) head += `; filename="${part.filename}"`;
    head += '\r\n';
    if (part.contentType) head += `Content-Type: ${part.contentType}\r\n`;
    chunks.push(
      Buffer.from(`${head}\r\n`),
      Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function uploadAvatar(token: string | undefined, parts: Part[]) {
  const body = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/users/avatar',
    headers: { ...body.headers, ...(token ? bearer(token) : {}) },
    payload: body.payload,
  });
}

const png = (size = 64) =>
  sharp({ create: { width: size, height: size, channels: 3, background: { r: 30, g: 120, b: 90 } } })
    .png()
    .toBuffer();

describe('GET /api/users/profile', () => {
  it('returns the signed-in user without any secret', async () => {
    const response = await getProfile(user.token);
    expect(response.statusCode).toBe(200);
    const body = response.json<Profile>();
    expect(body).toMatchObject({
      userId: user.userId,
      username: user.username,
      email: user.email,
      firstName: 'سارة',
      lastName: 'العتيبي',
      bio: null,
      avatarUrl: null,
      isGuest: false,
      role: 'user',
    });
    expect(new Date(body.createdAt).toISOString()).toBe(body.createdAt);
    // `hasPassword` tells only whether the account has one (the deletion form asks for it or for the username).
    expect(body.hasPassword).toBe(true);
    expect(response.body.replace('"hasPassword":true', '')).not.toMatch(/password|argon2/i);
  });

  it('answers a visitor with 401 and the Arabic message', async () => {
    const response = await getProfile();
    expect(response.statusCode).toBe(401);
    expect(response.json<ErrorBody>()).toEqual({
      success: false,
      code: 'UNAUTHORIZED',
      message: msg.unauthorized,
    });
  });
});

describe('PUT /api/users/profile', () => {
  it('saves trimmed names and bio and returns the profile', async () => {
    const someone = await registerUser(t.app);
    const response = await putProfile(someone.token, {
      firstName: '  ليلى ',
      lastName: ' الحربي ',
      bio: '  أحب القراءة والقهوة  ',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<Profile>()).toMatchObject({
      firstName: 'ليلى',
      lastName: 'الحربي',
      bio: 'أحب القراءة والقهوة',
      email: someone.email,
    });
    const again = await getProfile(someone.token);
    expect(again.json<Profile>()).toMatchObject({
      firstName: 'ليلى',
      lastName: 'الحربي',
      bio: 'أحب القراءة والقهوة',
    });
  });

  it('refuses a one-word name as registration does, with the Arabic message, and keeps the stored name', async () => {
    const someone = await registerUser(t.app);
    const before = (await getProfile(someone.token)).json<Profile>();
    const empty = await putProfile(someone.token, { firstName: 'ريم', lastName: '', bio: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<ErrorBody>()).toEqual({
      success: false,
      code: 'VALIDATION_FAILED',
      message: msg.lastNameRequired,
      errors: { lastName: [msg.lastNameRequired, msg.lastNameMin] },
    });
    const omitted = await putProfile(someone.token, { firstName: 'ريما' });
    expect(omitted.statusCode).toBe(400);
    expect(omitted.json<ErrorBody>().errors).toEqual({ lastName: [msg.lastNameRequired] });

    expect((await getProfile(someone.token)).json<Profile>()).toMatchObject({
      firstName: before.firstName,
      lastName: before.lastName,
    });
  });

  it('accepts a bio of exactly 300 characters and refuses 301 with the Arabic message', async () => {
    const someone = await registerUser(t.app);
    const names = { firstName: 'نورة', lastName: 'القحطاني' };
    expect((await putProfile(someone.token, { ...names, bio: 'ب'.repeat(300) })).statusCode).toBe(200);
    const response = await putProfile(someone.token, { ...names, bio: 'ب'.repeat(301) });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>()).toEqual({
      success: false,
      code: 'VALIDATION_FAILED',
      message: msg.bioTooLong,
      errors: { bio: [msg.bioTooLong] },
    });
    expect((await getProfile(someone.token)).json<Profile>().bio).toBe('ب'.repeat(300));
  });

  it.each([
    {
      name: 'no fields',
      payload: {},
      errors: { firstName: [msg.firstNameRequired], lastName: [msg.lastNameRequired] },
    },
    {
      name: 'a blank first name',
      payload: { firstName: '   ', lastName: 'العتيبي' },
      errors: { firstName: [msg.firstNameRequired, msg.firstNameMin] },
    },
    {
      name: 'one-letter names',
      payload: { firstName: 'س', lastName: 'ع' },
      errors: { firstName: [msg.firstNameMin], lastName: [msg.lastNameMin] },
    },
    {
      name: '2,000-character strings',
      payload: { firstName: 'ا'.repeat(2000), lastName: 'ب'.repeat(2000), bio: 'ج'.repeat(2000) },
      errors: { firstName: [msg.nameTooLong], lastName: [msg.nameTooLong], bio: [msg.bioTooLong] },
    },
    {
      name: 'wrong types',
      payload: { firstName: 5, lastName: true, bio: 12 },
      errors: {
        firstName: [msg.firstNameRequired],
        lastName: [msg.lastNameRequired],
        bio: [msg.invalidValue],
      },
    },
  ])('refuses $name with 400 and the Arabic messages', async ({ payload, errors }) => {
    const response = await putProfile(user.token, payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<ErrorBody>().errors).toEqual(errors);
  });

  it('answers a broken JSON body with 400 and the Arabic message', async () => {
    const response = await putProfile(user.token, '{"firstName": ');
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().message).toBe(serverMsg.badJson);
  });

  it('ignores fields the profile form does not own', async () => {
    const someone = await registerUser(t.app);
    const response = await putProfile(someone.token, {
      firstName: 'هند',
      lastName: 'سعيد',
      email: 'hijack@example.com',
      username: 'hijacked',
      role: 'admin',
      avatarUrl: 'https://evil.example/a.png',
      userId: user.userId,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<Profile>()).toMatchObject({
      userId: someone.userId,
      email: someone.email,
      username: someone.username,
      role: 'user',
      avatarUrl: null,
    });
    expect((await getProfile(user.token)).json<Profile>().firstName).toBe('سارة');
  });

  it('answers a visitor with 401', async () => {
    const response = await putProfile(undefined, { firstName: 'زائر', lastName: 'عابر' });
    expect(response.statusCode).toBe(401);
    expect(response.json<ErrorBody>().code).toBe('UNAUTHORIZED');
  });
});

describe('GET /api/users/profile-name', () => {
  it('returns the public name of a user and never the e-mail', async () => {
    const response = await profileName(user.userId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      userId: user.userId,
      displayName: 'سارة العتيبي',
      username: user.username,
      avatarUrl: null,
    });
    expect(response.body).not.toContain(user.email);
    expect(response.body).not.toContain('email');
  });

  it('answers an unknown id with 404', async () => {
    const response = await profileName('6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b');
    expect(response.statusCode).toBe(404);
    expect(response.json<ErrorBody>()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it.each(['not-a-uuid', "1' or '1'='1", 'x'.repeat(2000)])('answers the id %j with 400', async (userId) => {
    const response = await profileName(userId);
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().errors).toEqual({ userId: [msg.userNotFound] });
  });

  it('answers a missing id with 400', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/users/profile-name' });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().errors?.userId).toEqual([msg.userNotFound]);
  });
});

describe('POST /api/users/avatar', () => {
  it('stores a PNG as WebP, serves it with a long cache and puts it on the profile', async () => {
    const someone = await registerUser(t.app);
    const response = await uploadAvatar(someone.token, [
      { name: 'file', filename: 'me.png', contentType: 'image/png', data: await png() },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const { url } = response.json<{ url: string }>();
    expect(url).toMatch(/^\/uploads\/avatar\/[a-f0-9]{32}\.webp$/);

    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toMatch(/max-age=31536000/);
    expect(served.headers['cache-control']).toMatch(/immutable/);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata.format).toBe('webp');
    expect(metadata.width).toBe(metadata.height);

    expect((await getProfile(someone.token)).json<Profile>().avatarUrl).toBe(url);
    expect((await profileName(someone.userId)).json<{ avatarUrl: string }>().avatarUrl).toBe(url);
  });

  it('removes the previous avatar file when a new one replaces it', async () => {
    const someone = await registerUser(t.app);
    const first = await uploadAvatar(someone.token, [
      { name: 'file', filename: 'a.png', data: await png(32) },
    ]);
    const second = await uploadAvatar(someone.token, [
      { name: 'file', filename: 'b.png', data: await png(48) },
    ]);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    const firstUrl = first.json<{ url: string }>().url;
    const secondUrl = second.json<{ url: string }>().url;
    expect(secondUrl).not.toBe(firstUrl);
    expect((await t.app.inject({ method: 'GET', url: secondUrl })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: firstUrl })).statusCode).toBe(404);
  });

  it('strips EXIF, GPS included, from a JPEG', async () => {
    const someone = await registerUser(t.app);
    const jpeg = await sharp({
      create: { width: 80, height: 60, channels: 3, background: { r: 200, g: 50, b: 50 } },
    })
      .jpeg()
      .withExif({
        IFD0: { Make: 'RayTestCamera', Model: 'GPS-1' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '24/1 42/1 0/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '46/1 40/1 0/1',
        },
      })
      .toBuffer();
    const original = await sharp(jpeg).metadata();
    expect(original.exif).toBeInstanceOf(Buffer);
    expect(original.exif!.toString('latin1')).toContain('RayTestCamera');

    const response = await uploadAvatar(someone.token, [
      { name: 'file', filename: 'photo.jpg', contentType: 'image/jpeg', data: jpeg },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const served = await t.app.inject({ method: 'GET', url: response.json<{ url: string }>().url });
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(served.rawPayload.toString('latin1')).not.toContain('RayTestCamera');
  });

  it('refuses a text file renamed .png with 415', async () => {
    const response = await uploadAvatar(user.token, [
      {
        name: 'file',
        filename: 'notes.png',
        contentType: 'image/png',
        data: 'just some text, not an image at all',
      },
    ]);
    expect(response.statusCode).toBe(415);
    expect(response.json<ErrorBody>()).toEqual({
      success: false,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: msg.imageTypeInvalid,
    });
  });

  it('refuses an HTML file named .png with 415', async () => {
    const html = '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>';
    const response = await uploadAvatar(user.token, [
      { name: 'file', filename: 'avatar.png', contentType: 'image/png', data: html },
    ]);
    expect(response.statusCode).toBe(415);
    expect(response.json<ErrorBody>().message).toBe(msg.imageTypeInvalid);
  });

  it('refuses a file that starts like a PNG but is not one with 415', async () => {
    const fake = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      randomBytes(2048),
    ]);
    const response = await uploadAvatar(user.token, [
      { name: 'file', filename: 'broken.png', contentType: 'image/png', data: fake },
    ]);
    expect(response.statusCode).toBe(415);
    expect(response.json<ErrorBody>().message).toBe(serverMsg.imageUnreadable);
  });

  it('refuses a small PNG that declares 100,000 × 100,000 pixels without decoding it', async () => {
    const response = await uploadAvatar(user.token, [
      { name: 'file', filename: 'bomb.png', contentType: 'image/png', data: pngDeclaring(100_000, 100_000) },
    ]);
    expect(response.statusCode).toBe(413);
    expect(response.json<ErrorBody>().message).toBe(serverMsg.imageTooManyPixels);
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
  });

  it('refuses an SVG, even named .png, with 415', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>';
    for (const [filename, contentType] of [
      ['logo.svg', 'image/svg+xml'],
      ['logo.png', 'image/png'],
    ]) {
      const response = await uploadAvatar(user.token, [{ name: 'file', filename, contentType, data: svg }]);
      expect(response.statusCode).toBe(415);
    }
  });

  it('stores only the re-encoded pixels of a GIF that is also a script', async () => {
    // A GIF header whose bytes also read as JavaScript, with a script appended after the image data.
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } })
      .gif()
      .toBuffer();
    const polyglot = Buffer.concat([
      gif,
      Buffer.from('*/=1;alert(document.domain)//<script>alert(1)</script>'),
    ]);
    const someone = await registerUser(t.app);
    const response = await uploadAvatar(someone.token, [
      { name: 'file', filename: 'poly.gif', contentType: 'image/gif', data: polyglot },
    ]);
    expect(response.statusCode).toBe(200);
    const served = await t.app.inject({ method: 'GET', url: response.json<{ url: string }>().url });
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.rawPayload.toString('latin1')).not.toContain('alert');
  });

  it('refuses a truncated JPEG with 415', async () => {
    const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#abcdef' } })
      .jpeg()
      .toBuffer();
    const response = await uploadAvatar(user.token, [
      {
        name: 'file',
        filename: 'cut.jpg',
        contentType: 'image/jpeg',
        data: jpeg.subarray(0, jpeg.length / 2),
      },
    ]);
    expect(response.statusCode).toBe(415);
    expect(response.json<ErrorBody>().message).toBe(serverMsg.imageUnreadable);
  });

  it('refuses a file over 5 MB with 413 and the Arabic message', async () => {
    const big = Buffer.concat([await png(), Buffer.alloc(AVATAR_MAX + 1024 * 1024)]);
    const response = await uploadAvatar(user.token, [
      { name: 'file', filename: 'big.png', contentType: 'image/png', data: big },
    ]);
    expect(response.statusCode).toBe(413);
    expect(response.json<ErrorBody>()).toEqual({
      success: false,
      code: 'PAYLOAD_TOO_LARGE',
      message: 'حجم الصورة يجب أن يكون أقل من 5 ميجابايت',
    });
  });

  it('refuses a file just over 5 MB, which only the stream limit can catch, with 413', async () => {
    const image = await png();
    const big = Buffer.concat([image, Buffer.alloc(AVATAR_MAX + 1 - image.length)]);
    expect(big.length).toBe(AVATAR_MAX + 1);
    const response = await uploadAvatar(user.token, [
      { name: 'file', filename: 'big.png', contentType: 'image/png', data: big },
    ]);
    expect(response.statusCode).toBe(413);
    expect(response.json<ErrorBody>().message).toBe(msg.avatarTooLarge);
  });

  it('refuses two files in one request with 400', async () => {
    const image = await png();
    const response = await uploadAvatar(user.token, [
      { name: 'file', filename: 'a.png', contentType: 'image/png', data: image },
      { name: 'file', filename: 'b.png', contentType: 'image/png', data: image },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>()).toEqual({
      success: false,
      code: 'BAD_REQUEST',
      message: serverMsg.imageOneFile,
    });
    expect((await getProfile(user.token)).json<Profile>().avatarUrl).toBeNull();
  });

  it('refuses a form without a file with 400', async () => {
    const response = await uploadAvatar(user.token, [{ name: 'caption', data: 'صورتي' }]);
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().message).toBe(serverMsg.imageRequired);
  });

  it('refuses an empty file with 415', async () => {
    const response = await uploadAvatar(user.token, [
      { name: 'file', filename: 'empty.png', contentType: 'image/png', data: Buffer.alloc(0) },
    ]);
    expect(response.statusCode).toBe(415);
    expect(response.json<ErrorBody>().message).toBe(msg.imageTypeInvalid);
  });

  it('refuses a request that is not multipart with 415', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users/avatar',
      headers: bearer(user.token),
      payload: { file: 'data:image/png;base64,AAAA' },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json<ErrorBody>().message).toBe(serverMsg.imageRequired);
  });

  it('answers a visitor with 401', async () => {
    const response = await uploadAvatar(undefined, [
      { name: 'file', filename: 'me.png', contentType: 'image/png', data: await png() },
    ]);
    expect(response.statusCode).toBe(401);
    expect(response.json<ErrorBody>().code).toBe('UNAUTHORIZED');
  });
});

describe('upload rate limit', () => {
  const image = async (): Promise<Part[]> => [
    { name: 'file', filename: 'me.png', contentType: 'image/png', data: await png(16) },
  ];
  const uploadPostImage = async (token: string) => {
    const body = multipart(await image());
    return t.app.inject({
      method: 'POST',
      url: '/api/attachment/upload',
      headers: { ...body.headers, ...bearer(token) },
      payload: body.payload,
    });
  };

  it('takes 20 images in 10 minutes from one user, avatars and post images together, then answers 429', async () => {
    const uploader = await registerUser(t.app);
    for (let i = 1; i <= 20; i++) {
      const response =
        i % 2 === 0
          ? await uploadAvatar(uploader.token, await image())
          : await uploadPostImage(uploader.token);
      expect(response.statusCode, `upload ${i}: ${response.body}`).toBeLessThan(300);
    }
    for (const refused of [
      await uploadAvatar(uploader.token, await image()),
      await uploadPostImage(uploader.token),
    ]) {
      expect(refused.statusCode).toBe(429);
      expect(refused.json<ErrorBody>()).toEqual({
        success: false,
        code: 'RATE_LIMITED',
        message: msg.rateLimited,
      });
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(600);
    }
    const other = await registerUser(t.app);
    expect((await uploadAvatar(other.token, await image())).statusCode).toBe(200);
  });

  it('takes no more than 20 of 25 images sent at once by one user', async () => {
    const uploader = await registerUser(t.app);
    const parts = await image();
    const burst = await Promise.all(Array.from({ length: 25 }, () => uploadAvatar(uploader.token, parts)));
    const taken = burst.filter((response) => response.statusCode === 200);
    expect(taken.length).toBeGreaterThan(0);
    expect(taken.length).toBeLessThanOrEqual(20);
    expect(
      burst.filter((response) => response.statusCode !== 200).map((response) => response.statusCode),
    ).toEqual(Array<number>(25 - taken.length).fill(429));
    expect((await uploadAvatar(uploader.token, parts)).statusCode).toBe(429);
  });
});

/** A PNG of a few bytes whose header declares the given size (the pixel data is one empty, valid block). */
function pngDeclaring(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(0))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverMsg } from '@ray/shared/server-messages.ar';
import { loadEnv } from '../env';
import { startS3Server, type S3Server } from '../test/s3-server';
import { AppError } from './app-error';
import { S3FileStorage } from './s3-storage';
import { createStorage } from './create-storage';
import { keyOfUrl, LocalFileStorage, putAll, type FileStorage } from './storage';

let s3: S3Server;
let localRoot: string;

beforeAll(async () => {
  s3 = await startS3Server();
  localRoot = mkdtempSync(path.join(tmpdir(), 'ray-storage-'));
});
afterAll(async () => {
  await s3.stop();
  rmSync(localRoot, { recursive: true, force: true });
});

/** Settings read the way the server reads them; an empty value counts as unset. */
const storageEnv = (overrides: Record<string, string> = {}) =>
  loadEnv({ DATA_DIR: localRoot, ...s3.env, ...overrides });

const name = () => `${Math.random().toString(16).slice(2).padEnd(16, '0')}${'0'.repeat(16)}.webp`;

describe.each([
  ['the local disk', () => new LocalFileStorage(localRoot)],
  ['an S3-compatible bucket', () => createStorage(storageEnv())],
])('storage on %s', (_label, make: () => FileStorage | Promise<FileStorage>) => {
  it('stores a file, reads it back with an ETag, answers not-modified for that ETag, then removes it', async () => {
    const storage = await make();
    const key = `original/${name()}`;
    const bytes = Buffer.from('RIFF....WEBPVP8 image bytes');
    expect(await storage.put(key, bytes)).toBe(`/uploads/${key}`);
    expect(await storage.exists(key)).toBe(true);

    const file = await storage.read(key, { withBody: true });
    if (!file || file === 'not-modified') throw new Error('expected the file');
    expect(file.contentType).toBe('image/webp');
    expect(file.size).toBe(bytes.length);
    const chunks: Buffer[] = [];
    for await (const chunk of file.body!) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks)).toEqual(bytes);
    expect(await storage.read(key, { withBody: false, ifNoneMatch: file.etag })).toBe('not-modified');

    await storage.remove(key);
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.read(key, { withBody: false })).toBeNull();
    await expect(storage.remove(key)).resolves.toBeUndefined();
    await expect(storage.check()).resolves.toBeUndefined();
  });
});

describe('createStorage', () => {
  it('uses the bucket only when S3_BUCKET is set', async () => {
    expect(await createStorage(storageEnv())).toBeInstanceOf(S3FileStorage);
    expect(await createStorage(storageEnv({ S3_BUCKET: '' }))).toBeInstanceOf(LocalFileStorage);
  });

  it('hands out MEDIA_PUBLIC_URL addresses when set, for either driver', async () => {
    const media = 'https://media.example.test/ray';
    const key = `thumb/${name()}`;
    const bucket = await createStorage(storageEnv({ MEDIA_PUBLIC_URL: media }));
    expect(await bucket.put(key, Buffer.from('x'))).toBe(`${media}/${key}`);
    const local = await createStorage(storageEnv({ S3_BUCKET: '', MEDIA_PUBLIC_URL: media }));
    expect(await local.put(key, Buffer.from('x'))).toBe(`${media}/${key}`);
  });
});

describe('keyOfUrl', () => {
  const storage = new LocalFileStorage(localRoot, 'https://media.example.test/');
  const hex = '0123456789abcdef0123456789abcdef';

  it('accepts URLs on the storage prefix and the /uploads/ URLs stored before a move', () => {
    expect(keyOfUrl(storage, `https://media.example.test/original/${hex}.webp`)).toBe(`original/${hex}.webp`);
    expect(keyOfUrl(storage, `/uploads/original/${hex}.webp`)).toBe(`original/${hex}.webp`);
  });

  it('refuses an image on any other host, however its path looks', () => {
    for (const url of [
      `https://evil.example/original/${hex}.webp`,
      `https://media.example.test.evil.example/original/${hex}.webp`,
      `http://media.example.test/original/${hex}.webp`,
      `//media.example.test/original/${hex}.webp`,
      `https://media.example.test/original/../../${hex}.webp`,
    ])
      expect(keyOfUrl(storage, url), url).toBeNull();
  });
});

describe('a store that fails', () => {
  it('answers STORAGE_UNAVAILABLE, a 503 with the Arabic message, while the bucket is down', async () => {
    const down = await startS3Server('ray-down');
    const storage = await createStorage(storageEnv(down.env));
    await down.stop();
    const failure = await putAll(storage, [
      [`original/${name()}`, Buffer.from('a')],
      [`thumb/${name()}`, Buffer.from('b')],
    ]).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({
      code: 'STORAGE_UNAVAILABLE',
      statusCode: 503,
      message: serverMsg.storageUnavailable,
    });
    await expect(storage.exists(`original/${name()}`)).rejects.toMatchObject({ code: 'STORAGE_UNAVAILABLE' });
    await expect(storage.check()).rejects.toThrow();
  });

  it('removes the file already written when its companion cannot be stored', async () => {
    const storage = new LocalFileStorage(localRoot);
    // A file where the folder should be: the disk refuses the second write for real.
    writeFileSync(path.join(localRoot, 'blocked'), 'not a folder');
    const written = `thumb/${name()}`;
    const failure = await putAll(storage, [
      [written, Buffer.from('thumb')],
      [`blocked/${name()}`, Buffer.from('original')],
    ]).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'STORAGE_UNAVAILABLE', statusCode: 503 });
    expect(await storage.exists(written)).toBe(false);
  });
});

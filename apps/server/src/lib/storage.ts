import { constants, createReadStream } from 'node:fs';
import { access, mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Env } from '../env';
import { AppError } from './app-error';

/** A stored file as the app streams it to a browser. */
export interface StoredFile {
  size: number;
  /** Quoted, as it goes into the ETag header. */
  etag: string;
  contentType: string;
  /** Null when only the headers were asked for (HEAD). */
  body: Readable | null;
}

/** Where uploaded files live: the local disk by default, or an S3-compatible bucket. */
export interface FileStorage {
  /** What `put` puts before the key: `/uploads/` when the app serves the files, MEDIA_PUBLIC_URL otherwise. */
  readonly publicPrefix: string;
  /** Stores the bytes and answers their public URL; a store that fails throws STORAGE_UNAVAILABLE. */
  put(key: string, data: Buffer): Promise<string>;
  remove(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** The file, `'not-modified'` when its ETag is `ifNoneMatch`, or null when there is no such file. */
  read(
    key: string,
    options: { ifNoneMatch?: string; withBody: boolean },
  ): Promise<StoredFile | 'not-modified' | null>;
  /** Resolves when the store can be reached (readiness); rejects with the reason otherwise. */
  check(): Promise<void>;
}

/**
 * The app serves `/uploads/<key>` whatever the driver, so URLs stored before a move to a bucket or a CDN keep
 * working once their files have been copied there.
 */
export const APP_UPLOADS_PREFIX = '/uploads/';

export const CACHE_FOREVER = 'public, max-age=31536000, immutable';

const CONTENT_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
};

/** Only raster images get their own type: anything else is served as bytes, so no stored file runs as a page. */
export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream';
}

export type StorageEnv = Pick<
  Env,
  | 'DATA_DIR'
  | 'S3_ENDPOINT'
  | 'S3_BUCKET'
  | 'S3_REGION'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
  | 'MEDIA_PUBLIC_URL'
>;

/** The store failed (down, full, refusing): the request can be tried again later. */
export function storageUnavailable(cause: unknown): AppError {
  const error = new AppError('STORAGE_UNAVAILABLE', { retryAfterSeconds: 5 });
  error.cause = cause;
  return error;
}

/**
 * Stores files that only make sense together (an original and its thumbnail). When one cannot be stored, all
 * are removed again, the failed one included (a write that timed out may still have landed), so a failed
 * upload leaves nothing behind.
 */
export async function putAll(storage: FileStorage, files: [key: string, data: Buffer][]): Promise<string[]> {
  const results = await Promise.allSettled(files.map(([key, data]) => storage.put(key, data)));
  const failure = results.find((result) => result.status === 'rejected');
  if (!failure) return results.map((result) => (result as PromiseFulfilledResult<string>).value);
  await Promise.all(files.map(([key]) => storage.remove(key).catch(() => undefined)));
  throw failure.reason;
}

export class LocalFileStorage implements FileStorage {
  constructor(
    readonly root: string,
    readonly publicPrefix = APP_UPLOADS_PREFIX,
  ) {}

  async put(key: string, data: Buffer): Promise<string> {
    const file = this.resolve(key);
    try {
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, data);
    } catch (error) {
      await rm(file, { force: true }).catch(() => undefined);
      throw storageUnavailable(error);
    }
    return this.publicPrefix + key;
  }

  async remove(key: string): Promise<void> {
    await rm(this.resolve(key), { force: true });
  }

  async check(): Promise<void> {
    await mkdir(this.root, { recursive: true });
    await access(this.root, constants.W_OK);
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.resolve(key))).isFile();
    } catch {
      return false;
    }
  }

  async read(
    key: string,
    options: { ifNoneMatch?: string; withBody: boolean },
  ): Promise<StoredFile | 'not-modified' | null> {
    const file = this.resolve(key);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return null;
    const etag = `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
    if (options.ifNoneMatch === etag) return 'not-modified';
    return {
      size: info.size,
      etag,
      contentType: contentTypeOf(key),
      body: options.withBody ? createReadStream(file) : null,
    };
  }

  private resolve(key: string): string {
    const file = path.resolve(this.root, key);
    if (!file.startsWith(path.resolve(this.root) + path.sep)) throw new Error('storage key escapes its root');
    return file;
  }
}

/**
 * The storage key of a public URL this storage produced, or null for anything else: an image on another host
 * is never accepted, whatever its path looks like.
 */
export function keyOfUrl(storage: FileStorage, url: string): string | null {
  const prefix = [storage.publicPrefix, APP_UPLOADS_PREFIX].find((candidate) => url.startsWith(candidate));
  if (prefix === undefined) return null;
  const key = url.slice(prefix.length);
  return /^[a-z]+\/[a-f0-9]{32}\.webp$/.test(key) ? key : null;
}

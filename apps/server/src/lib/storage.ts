import { constants, createReadStream } from 'node:fs';
import { access, mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
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

type StorageEnv = Pick<
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

/** The storage the environment configures: the bucket when S3_BUCKET is set, DATA_DIR/uploads otherwise. */
export function createStorage(env: StorageEnv): FileStorage {
  const publicPrefix = env.MEDIA_PUBLIC_URL ? `${env.MEDIA_PUBLIC_URL}/` : APP_UPLOADS_PREFIX;
  if (env.S3_BUCKET) return S3FileStorage.fromEnv({ ...env, S3_BUCKET: env.S3_BUCKET }, publicPrefix);
  return new LocalFileStorage(path.join(env.DATA_DIR, 'uploads'), publicPrefix);
}

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

/** Status of a failed SDK call: 404 for a missing object, 304 for an unchanged one. */
function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
}

/** A missing object, told apart from a missing bucket, which is a broken configuration rather than a 404. */
function isMissing(error: unknown): boolean {
  return statusOf(error) === 404 && (error as { name?: string }).name !== 'NoSuchBucket';
}

/** Readiness must answer quickly even when the bucket's host swallows packets. */
const CHECK_TIMEOUT_MS = 2_000;

/** Any S3-compatible store (AWS S3, MinIO, Cloudflare R2, Backblaze B2, Garage…) through the AWS SDK. */
export class S3FileStorage implements FileStorage {
  constructor(
    readonly client: S3Client,
    readonly bucket: string,
    readonly publicPrefix = APP_UPLOADS_PREFIX,
  ) {}

  static fromEnv(env: StorageEnv & { S3_BUCKET: string }, publicPrefix?: string): S3FileStorage {
    const client = new S3Client({
      region: env.S3_REGION,
      ...(env.S3_ENDPOINT ? { endpoint: env.S3_ENDPOINT } : {}),
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
      // Without keys the SDK's own chain applies (instance roles, AWS_* variables).
      ...(env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { credentials: { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY } }
        : {}),
      // The checksums the SDK adds by default are refused by many S3-compatible stores; S3 needs none of them.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // Someone is waiting on every call: an unreachable store should fail the upload in seconds, not minutes.
      requestHandler: { connectionTimeout: 3_000, requestTimeout: 20_000 },
      maxAttempts: 2,
    });
    return new S3FileStorage(client, env.S3_BUCKET, publicPrefix);
  }

  async put(key: string, data: Buffer): Promise<string> {
    try {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Body: data,
          ContentLength: data.length,
          ContentType: contentTypeOf(key),
          // Names are random and never reused, so whoever serves them (the bucket, a CDN) may keep them forever.
          CacheControl: CACHE_FOREVER,
        }),
      );
    } catch (error) {
      throw storageUnavailable(error);
    }
    return this.publicPrefix + key;
  }

  async remove(key: string): Promise<void> {
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (error) {
      throw storageUnavailable(error);
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.sizeOf(key)) !== null;
  }

  /** The object's size in bytes, or null when there is none. */
  async sizeOf(key: string): Promise<number | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (isMissing(error)) return null;
      throw storageUnavailable(error);
    }
  }

  async read(
    key: string,
    options: { ifNoneMatch?: string; withBody: boolean },
  ): Promise<StoredFile | 'not-modified' | null> {
    const input = { Bucket: this.bucket, Key: key, IfNoneMatch: options.ifNoneMatch };
    try {
      if (!options.withBody) {
        const head = await this.client.send(new HeadObjectCommand(input));
        return {
          size: head.ContentLength ?? 0,
          etag: head.ETag ?? '',
          contentType: contentTypeOf(key),
          body: null,
        };
      }
      const object = await this.client.send(new GetObjectCommand(input));
      return {
        size: object.ContentLength ?? 0,
        etag: object.ETag ?? '',
        contentType: contentTypeOf(key),
        body: object.Body as Readable,
      };
    } catch (error) {
      if (statusOf(error) === 304) return 'not-modified';
      if (isMissing(error)) return null;
      throw storageUnavailable(error);
    }
  }

  async check(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }), {
      abortSignal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
    });
  }

  /** Closes the client's idle connections, so that a command can exit. */
  close(): void {
    this.client.destroy();
  }
}

import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import {
  APP_UPLOADS_PREFIX,
  CACHE_FOREVER,
  contentTypeOf,
  storageUnavailable,
  type FileStorage,
  type StorageEnv,
  type StoredFile,
} from './storage';

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

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/** The key pair s3rver accepts out of the box. */
const ACCESS_KEY = 'S3RVER';

export interface S3Server {
  bucket: string;
  endpoint: string;
  /** The settings that point the app at this bucket, for createTestApp. */
  env: Record<string, string>;
  client: S3Client;
  /** The object's bytes, or null when the bucket has no such key. */
  read(key: string): Promise<Buffer | null>;
  has(key: string): Promise<boolean>;
  /** Stops answering at once, open connections included, as a store that goes down would. */
  stop(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver) on a spare port, storing in a temporary folder, with one empty bucket:
 * the storage code under test talks HTTP to it exactly as it would to S3.
 */
export async function startS3Server(bucket = 'ray-media'): Promise<S3Server> {
  const directory = mkdtempSync(path.join(tmpdir(), 'ray-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: ACCESS_KEY },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  let stopped = false;

  return {
    bucket,
    endpoint,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    client,
    async read(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return Buffer.from(await object.Body!.transformToByteArray());
      } catch (error) {
        if ((error as { name?: string }).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async has(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return true;
      } catch (error) {
        if ((error as { name?: string }).name === 'NotFound') return false;
        throw error;
      }
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      client.destroy();
      const closing = server.close();
      // Keep-alive connections from the app's client would hold close() open until they time out.
      server.httpServer?.closeAllConnections();
      await closing;
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

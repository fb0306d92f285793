import path from 'node:path';
import { APP_UPLOADS_PREFIX, LocalFileStorage, type FileStorage, type StorageEnv } from './storage';

/**
 * The storage the environment configures: the bucket when S3_BUCKET is set, DATA_DIR/uploads otherwise. The
 * S3 client is loaded only then: it is a large library that a server on the local disk never needs.
 */
export async function createStorage(env: StorageEnv): Promise<FileStorage> {
  const publicPrefix = env.MEDIA_PUBLIC_URL ? `${env.MEDIA_PUBLIC_URL}/` : APP_UPLOADS_PREFIX;
  if (env.S3_BUCKET) {
    const { S3FileStorage } = await import('./s3-storage');
    return S3FileStorage.fromEnv({ ...env, S3_BUCKET: env.S3_BUCKET }, publicPrefix);
  }
  return new LocalFileStorage(path.join(env.DATA_DIR, 'uploads'), publicPrefix);
}

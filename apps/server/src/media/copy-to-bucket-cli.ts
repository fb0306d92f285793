import path from 'node:path';
import { loadEnv } from '../env';
import { AppError } from '../lib/app-error';
import { S3FileStorage } from '../lib/s3-storage';
import { copyToBucket } from './copy-to-bucket';

/**
 * `npm run media:copy`: copies the uploads kept on this machine (DATA_DIR/uploads) into the configured bucket,
 * before or after switching a deployment to it. It can be run again at any time; what is there is skipped.
 */

/** One line a person can act on, from whatever the SDK or the network threw. */
function reasonOf(error: unknown): string {
  // The storage wraps store failures in the app's Arabic 503; the operator needs what lies underneath.
  if (error instanceof AppError && error.cause) return reasonOf(error.cause);
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  if (status === 404) return 'no such bucket (HTTP 404)';
  if (status === 401 || status === 403)
    return 'access denied (check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY)';
  if (status) return `HTTP ${status} ${(error as Error).name}`;
  if (error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError'))
    return 'no answer in time';
  // A refused connection to "localhost" fails once per address family; the first says it all.
  if (error instanceof AggregateError && error.errors.length > 0) return reasonOf(error.errors[0]);
  if (error instanceof Error) return error.message || ((error as { code?: string }).code ?? error.name);
  return String(error);
}

function fail(reason: string): never {
  process.stderr.write(`media:copy: ${reason}\n`);
  process.exit(1);
}

const env = loadEnv();
if (!env.S3_BUCKET) fail('S3_BUCKET is not set: there is no bucket to copy the uploads into');
const storage = S3FileStorage.fromEnv({ ...env, S3_BUCKET: env.S3_BUCKET });
const where = `bucket ${env.S3_BUCKET}${env.S3_ENDPOINT ? ` at ${env.S3_ENDPOINT}` : ''}`;
try {
  await storage.check();
} catch (error) {
  fail(`cannot reach the ${where}: ${reasonOf(error)}`);
}
const root = path.join(env.DATA_DIR, 'uploads');
try {
  const report = await copyToBucket(root, storage);
  process.stdout.write(
    `${report.copied} files copied from ${root} into the ${where}, ${report.skipped} already there\n`,
  );
} catch (error) {
  fail(`copy stopped: ${reasonOf(error)}`);
} finally {
  storage.close();
}

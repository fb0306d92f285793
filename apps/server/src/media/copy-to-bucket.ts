import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { S3FileStorage } from '../lib/s3-storage';

export interface CopyReport {
  copied: number;
  /** Already in the bucket with the same size, from an earlier run. */
  skipped: number;
}

/** Enough requests in flight to keep the link busy without opening hundreds of connections. */
const PARALLEL = 8;

/**
 * Copies every file under `root` (original/, thumb/, avatar/ and any other folder) into the bucket under the
 * same key, so `/uploads/<key>` URLs already stored keep pointing at the same image. A file already there with
 * the same size is left alone: the names are random and never reused, and an interrupted copy is simply run
 * again.
 */
export async function copyToBucket(root: string, storage: S3FileStorage): Promise<CopyReport> {
  const keys = await filesUnder(root);
  const report: CopyReport = { copied: 0, skipped: 0 };
  let next = 0;
  const worker = async () => {
    while (next < keys.length) {
      const key = keys[next++]!;
      const file = path.join(root, ...key.split('/'));
      const { size } = await stat(file);
      if ((await storage.sizeOf(key)) === size) {
        report.skipped += 1;
        continue;
      }
      await storage.put(key, await readFile(file));
      report.copied += 1;
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, keys.length) }, worker));
  return report;
}

/** Keys (`folder/name`, slash-separated) of the regular files under root; hidden files are not uploads. */
async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch((error: unknown) => {
    if ((error as { code?: string }).code === 'ENOENT') return [];
    throw error;
  });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((key) => !key.split('/').some((part) => part.startsWith('.')))
    .sort();
}

import { constants } from 'node:fs';
import { access, mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded files live. Local disk by default; the interface keeps S3-compatible storage possible. */
export interface FileStorage {
  exists(key: string): Promise<boolean>;
  /** Public URL prefix the files are served under. */
  readonly publicPrefix: string;
  put(key: string, data: Buffer): Promise<string>;
  remove(key: string): Promise<void>;
  /** Resolves when the store can be reached (readiness); rejects with the reason otherwise. */
  check(): Promise<void>;
}

/** The storage the environment configures: local disk under DATA_DIR/uploads. */
export function createStorage(env: { DATA_DIR: string }): FileStorage {
  return new LocalFileStorage(path.join(env.DATA_DIR, 'uploads'));
}

export class LocalFileStorage implements FileStorage {
  readonly publicPrefix = '/uploads/';

  constructor(readonly root: string) {}

  async put(key: string, data: Buffer): Promise<string> {
    const file = this.resolve(key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, data);
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

  private resolve(key: string): string {
    const file = path.resolve(this.root, key);
    if (!file.startsWith(path.resolve(this.root) + path.sep)) throw new Error('storage key escapes its root');
    return file;
  }
}

/** The storage key of a public URL that this storage produced, or null for anything else. */
export function keyOfUrl(storage: FileStorage, url: string): string | null {
  if (!url.startsWith(storage.publicPrefix)) return null;
  const key = url.slice(storage.publicPrefix.length);
  return /^[a-z]+\/[a-f0-9]{32}\.webp$/.test(key) ? key : null;
}

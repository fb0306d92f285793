import { spawn, type ChildProcessByStdio } from 'node:child_process';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';

/** The repository's root: the server resolves its default paths (migrations, web build) from there. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export interface ServerProcessOptions {
  /** Settings on top of the caller's environment and of production mode on 127.0.0.1 without demo content. */
  env: Record<string, string>;
  /** The compiled server (`npm run build --workspace @ray/server`), as `npm start` runs it; else the sources. */
  built?: boolean;
}

/**
 * The server as its own process, the way an operator starts it, from the repository's root. Its output is piped:
 * read both streams (or `resume()` them), or a full pipe stops the server.
 */
export function spawnServer(options: ServerProcessOptions): ChildProcessByStdio<null, Readable, Readable> {
  const entry = options.built
    ? [path.join(repoRoot, 'apps/server/dist/server.js')]
    : ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/server.ts')];
  return spawn(process.execPath, entry, {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', SEED_DEMO: 'false', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

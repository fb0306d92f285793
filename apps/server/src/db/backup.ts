import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { copyFile, cp, mkdir, readdir, readFile, rename, rm, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { createGzip, gunzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { FastifyBaseLogger } from 'fastify';
import { embeddedDataDir, openDatabase } from './client';

/**
 * Backups of the embedded database (`npm run db:backup`, `npm run db:restore`). Only the process that has the
 * data folder open may read it, so while a server runs the copy is made by the server itself: it keeps its pid in
 * DATA_DIR/server.pid and, on SIGUSR2, writes a copy into DATA_DIR/backups/, which the command then takes away.
 * With no server running, the command opens the folder itself.
 */

export const PID_FILE = 'server.pid';
export const BACKUPS_FOLDER = 'backups';
const COPY_SUFFIX = '.tar.gz';
const FAILED_SUFFIX = '.failed';
const gunzipAsync = promisify(gunzip);

/** A failure the operator can act on: the commands print its message alone, without a stack. */
export class BackupError extends Error {}

type BackupLogger = Pick<FastifyBaseLogger, 'info' | 'error'>;

/** A moment as it can go into a file name: 2026-11-25T15-42-01-123Z. */
export function fileStamp(at = new Date()): string {
  return at.toISOString().replace(/[:.]/g, '-');
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

function readPid(file: string): number | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  const pid = Number.parseInt(text.trim(), 10);
  return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
}

/**
 * Whether the pid names a live Node process. A server killed outright leaves its pid file behind, and the number
 * may since belong to another program, which SIGUSR2 would end: on Linux its command line must name node.
 */
export function isServerAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('node');
  } catch {
    // No /proc (macOS): the signal's answer is all there is to go on.
    return true;
  }
}

/** The pid of the server that has DATA_DIR's embedded database open, or undefined when none runs. */
export function runningServer(dataDir: string): number | undefined {
  const pid = readPid(path.join(dataDir, PID_FILE));
  return pid !== undefined && isServerAlive(pid) ? pid : undefined;
}

/**
 * Writes a tarball of the data folder gzipped, under a temporary name renamed at the end, so the final name only
 * ever holds a whole copy. Compressing here, in Node's thread pool, keeps the database free meanwhile.
 */
export async function writeCopy(tar: Blob, file: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  try {
    await pipeline(Readable.fromWeb(tar.stream()), createGzip(), createWriteStream(partial));
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

async function writeServerCopy(dump: () => Promise<Blob>, folder: string, logger: BackupLogger) {
  const name = `pglite-${fileStamp()}`;
  const file = path.join(folder, `${name}${COPY_SUFFIX}`);
  const started = Date.now();
  try {
    await writeCopy(await dump(), file);
    logger.info({ file, ms: Date.now() - started }, 'backup of the embedded database written');
  } catch (error) {
    logger.error({ err: error }, 'backup of the embedded database failed');
    // Tells the waiting command at once, instead of letting it wait for its timeout.
    await mkdir(folder, { recursive: true })
      .then(() => writeFile(path.join(folder, `${name}${FAILED_SUFFIX}`), messageOf(error)))
      .catch(() => undefined);
  }
}

/**
 * Makes this server the one that answers backup requests for its data folder: writes DATA_DIR/server.pid and
 * writes a copy of the database into DATA_DIR/backups/ on each SIGUSR2. The returned function removes the pid
 * file and waits for a copy being written (call it before the database closes).
 */
export function serveBackupRequests(options: {
  dump: () => Promise<Blob>;
  dataDir: string;
  logger: BackupLogger;
}): () => Promise<void> {
  const pidFile = path.join(options.dataDir, PID_FILE);
  const folder = path.join(options.dataDir, BACKUPS_FOLDER);
  writeFileSync(pidFile, `${process.pid}\n`);
  let writing: Promise<void> = Promise.resolve();
  let queued = false;
  let closed = false;
  const onSignal = () => {
    // A request that arrives while a copy is being written gets the next one, taken after it asked; one
    // queued copy serves every request that arrives before it starts.
    if (closed || queued) return;
    queued = true;
    writing = writing.then(async () => {
      queued = false;
      await writeServerCopy(options.dump, folder, options.logger);
    });
  };
  process.on('SIGUSR2', onSignal);
  return async () => {
    if (readPid(pidFile) === process.pid) rmSync(pidFile, { force: true });
    closed = true;
    await writing.catch(() => undefined);
    process.off('SIGUSR2', onSignal);
  };
}

async function listing(folder: string): Promise<string[]> {
  try {
    return await readdir(folder);
  } catch {
    return [];
  }
}

/** Asks the running server for a copy (SIGUSR2) and answers the path of the file it wrote. */
export async function requestServerCopy(
  dataDir: string,
  pid: number,
  options: { timeoutMs: number; pollMs?: number },
): Promise<string> {
  const folder = path.join(dataDir, BACKUPS_FOLDER);
  const before = new Set(await listing(folder));
  process.kill(pid, 'SIGUSR2');
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    const fresh = (await listing(folder)).filter((name) => !before.has(name));
    const failed = fresh.find((name) => name.endsWith(FAILED_SUFFIX));
    if (failed) {
      const reason = await readFile(path.join(folder, failed), 'utf8').catch(() => 'see its log');
      await rm(path.join(folder, failed), { force: true });
      throw new BackupError(`the server (pid ${pid}) could not write the copy: ${reason}`);
    }
    const written = fresh.find((name) => name.endsWith(COPY_SUFFIX));
    if (written) return path.join(folder, written);
    if (!isServerAlive(pid)) throw new BackupError(`the server (pid ${pid}) stopped before writing the copy`);
    if (Date.now() > deadline)
      throw new BackupError(
        `the server (pid ${pid}) wrote no copy into ${folder} within ${Math.round(options.timeoutMs / 1000)} s; ` +
          'its log says why (look for "backup")',
      );
    await sleep(options.pollMs ?? 200);
  }
}

/** Moves a file, also onto another file system. */
export async function moveFile(from: string, to: string): Promise<void> {
  await mkdir(path.dirname(to), { recursive: true });
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await copyFile(from, `${to}.partial`);
    await rename(`${to}.partial`, to);
    await unlink(from);
  }
}

/** A tarball of the embedded database read from its folder; only while no server has the folder open. */
export async function copyStoppedDatabase(dataDir: string): Promise<Blob> {
  const folder = embeddedDataDir(dataDir);
  if (!existsSync(path.join(folder, 'PG_VERSION')))
    throw new BackupError(`there is no embedded database in ${folder}`);
  const database = await openDatabase({ dataDir: folder });
  try {
    if (!database.dump) throw new BackupError('this database cannot be copied as a folder');
    return await database.dump();
  } finally {
    await database.close();
  }
}

/**
 * The tar of a copy, unpacked here when gzipped: PGlite, handed a file that is not what its type says, fails
 * inside a promise nobody awaits instead of answering the error.
 */
async function readTarball(file: string): Promise<Buffer> {
  const bytes = await readFile(file);
  let tar = bytes;
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    try {
      tar = await gunzipAsync(bytes);
    } catch (error) {
      throw new BackupError(`${file} is not a copy of the embedded database: ${messageOf(error)}`);
    }
  }
  // Every tar entry's header carries "ustar" at byte 257.
  if (tar.subarray(257, 262).toString('latin1') !== 'ustar')
    throw new BackupError(`${file} is not a copy of the embedded database: it is not a tar archive`);
  return tar;
}

/**
 * Replaces the embedded database of DATA_DIR with the copy in `file`. The current folder is kept beside it as
 * pglite.before-restore-<time> (returned), and put back when the copy cannot be opened.
 */
export async function restoreEmbedded(dataDir: string, file: string): Promise<{ setAside?: string }> {
  const tarball = new File([await readTarball(file)], 'copy.tar', {
    type: 'application/x-tar',
  });
  const target = embeddedDataDir(dataDir);
  const setAside = existsSync(target) ? `${target}.before-restore-${fileStamp()}` : undefined;
  await mkdir(dataDir, { recursive: true });
  if (setAside) await rename(target, setAside);
  try {
    const client = await PGlite.create({ dataDir: target, loadDataDir: tarball, extensions: { pg_trgm } });
    try {
      // A tarball without a database in it leaves a freshly created, empty one: no table at all.
      const { rows } = await client.query<{ found: boolean }>(
        "select exists (select 1 from pg_tables where schemaname = 'public') as found",
      );
      if (!rows[0]?.found) throw new Error('it holds no tables');
    } finally {
      await client.close();
    }
  } catch (error) {
    await rm(target, { recursive: true, force: true });
    if (setAside) await rename(setAside, target);
    throw new BackupError(`${file} is not a copy of the embedded database: ${messageOf(error)}`);
  }
  return setAside ? { setAside } : {};
}

/** Where the uploads of a backup go: beside it, `/backups/ray-1.tar.gz` → `/backups/ray-1.uploads/`. */
export function uploadsBeside(file: string): string {
  return `${file.replace(/(\.tar\.gz|\.tgz|\.tar|\.dump|\.pgdump)$/i, '')}.uploads`;
}

/** Copies a folder of uploads (a plain directory copy, replacing `to`); answers how many files it holds. */
export async function copyUploads(from: string, to: string): Promise<number> {
  await rm(to, { recursive: true, force: true });
  await cp(from, to, { recursive: true, preserveTimestamps: true });
  const entries = await readdir(to, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).length;
}

/** Puts the uploads of a backup in place of DATA_DIR/uploads, keeping the current ones beside it (returned). */
export async function restoreUploads(
  from: string,
  dataDir: string,
): Promise<{ count: number; setAside?: string }> {
  const target = path.join(dataDir, 'uploads');
  const setAside = existsSync(target) ? `${target}.before-restore-${fileStamp()}` : undefined;
  if (setAside) await rename(target, setAside);
  const count = await copyUploads(from, target);
  return setAside ? { count, setAside } : { count };
}

/**
 * `pg_dump --format=custom` of DATABASE_URL into `file`. The password goes through PGPASSWORD, not the command
 * line, where other users of the machine could read it.
 */
export async function dumpPostgres(databaseUrl: string, file: string): Promise<void> {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  await mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  const child = spawn('pg_dump', ['--format=custom', '--file', partial, '--dbname', url.toString()], {
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
    stdio: ['ignore', 'inherit', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  }).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new BackupError(
        'pg_dump is not on PATH: install the PostgreSQL client tools (the major version of the server or newer), ' +
          'or run pg_dump --format=custom yourself',
      );
    throw error;
  });
  if (code !== 0) {
    await rm(partial, { force: true });
    throw new BackupError(`pg_dump failed (exit code ${code}): ${errors.trim()}`);
  }
  await rename(partial, file);
}

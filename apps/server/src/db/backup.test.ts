import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import {
  BackupError,
  PID_FILE,
  requestServerCopy,
  restoreEmbedded,
  runningServer,
  serveBackupRequests,
  writeCopy,
} from './backup';
import { repoRoot, spawnServer } from '../test/server-process';
import { embeddedDataDir, openDatabase } from './client';
import { unusedPort } from '../test/ports';

const folders: string[] = [];
const children: ChildProcess[] = [];

function tempDir(label: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), `ray-backup-${label}-`));
  folders.push(dir);
  return dir;
}

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

const silent = { info: () => undefined, error: () => undefined };

describe('copies of the embedded database', () => {
  it('restores a copy taken from an open database, keeping the folder it replaces', async () => {
    const dataDir = tempDir('open');
    const database = await openDatabase({ dataDir: embeddedDataDir(dataDir) });
    await database.db.execute(sql`create table opinions (text text not null)`);
    await database.db.execute(sql`insert into opinions values ('القهوة المختصة تستحق سعرها')`);
    const file = path.join(tempDir('file'), 'copy.tar.gz');
    await writeCopy(await database.dump!(), file);
    await database.db.execute(sql`insert into opinions values ('written after the copy')`);
    await database.close();

    const restored = await restoreEmbedded(dataDir, file);
    expect(restored.setAside).toMatch(/pglite\.before-restore-/);
    expect(existsSync(path.join(restored.setAside!, 'PG_VERSION'))).toBe(true);
    const reopened = await openDatabase({ dataDir: embeddedDataDir(dataDir) });
    try {
      const result = (await reopened.db.execute(sql`select text from opinions`)) as {
        rows: { text: string }[];
      };
      expect(result.rows.map((row) => row.text)).toEqual(['القهوة المختصة تستحق سعرها']);
    } finally {
      await reopened.close();
    }
  }, 60_000);

  it('refuses a file that is not a copy and puts the current database back', async () => {
    const dataDir = tempDir('refuse');
    mkdirSync(embeddedDataDir(dataDir), { recursive: true });
    writeFileSync(path.join(embeddedDataDir(dataDir), 'PG_VERSION'), '17\n');
    const file = path.join(dataDir, 'not-a-copy.tar.gz');
    for (const bytes of [randomBytes(4_096), gzipSync('a gzipped text, not a tar')]) {
      writeFileSync(file, bytes);
      await expect(restoreEmbedded(dataDir, file)).rejects.toThrow(BackupError);
    }
    expect(readFileSync(path.join(embeddedDataDir(dataDir), 'PG_VERSION'), 'utf8')).toBe('17\n');
  });

  it('answers a backup request through the pid file and SIGUSR2, and reports a failed copy', async () => {
    const dataDir = tempDir('signal');
    let fail = true;
    const stop = serveBackupRequests({
      dataDir,
      logger: silent,
      dump: async () => {
        if (fail) throw new Error('disk full');
        return new Blob(['the copy']);
      },
    });
    try {
      expect(runningServer(dataDir)).toBe(process.pid);
      await expect(requestServerCopy(dataDir, process.pid, { timeoutMs: 5_000, pollMs: 20 })).rejects.toThrow(
        'could not write the copy: disk full',
      );
      fail = false;
      const copy = await requestServerCopy(dataDir, process.pid, { timeoutMs: 5_000, pollMs: 20 });
      expect(gunzipSync(readFileSync(copy)).toString()).toBe('the copy');
    } finally {
      await stop();
    }
    expect(existsSync(path.join(dataDir, PID_FILE))).toBe(false);
    expect(runningServer(dataDir)).toBeUndefined();
  });

  it('ignores a pid file left by a process that is gone', () => {
    const dataDir = tempDir('stale');
    const gone = spawn(process.execPath, ['-e', '']);
    writeFileSync(path.join(dataDir, PID_FILE), `${gone.pid}\n`);
    return new Promise<void>((resolve) => {
      gone.once('exit', () => {
        expect(runningServer(dataDir)).toBeUndefined();
        resolve();
      });
    });
  });
});

interface Server {
  base: string;
  stop(): Promise<void>;
}

/** The server from its sources, as `npm start` runs it (production mode, embedded database, no demo content). */
async function startServer(dataDir: string): Promise<Server> {
  const port = await unusedPort();
  let output = '';
  const child = spawnServer({
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      JWT_SECRET: '',
      DATABASE_URL: '',
      REDIS_URL: '',
      S3_BUCKET: '',
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    },
  });
  children.push(child);
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 45_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited at start:\n${output}`);
    const ready = await fetch(`${base}/api/ready`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error(`the server did not become ready:\n${output}`);
    await sleep(200);
  }
  return {
    base,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) {
          resolve();
          return;
        }
        child.once('exit', () => {
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

/** One of the commands from its sources, as `npm run db:backup` / `db:restore` run it. */
function runCommand(
  name: string,
  dataDir: string,
  args: string[],
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(repoRoot, `apps/server/src/db/${name}.ts`), ...args],
      {
        cwd: repoRoot,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', S3_BUCKET: '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    children.push(child);
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      resolve({ code, output });
    });
  });
}

async function post(base: string, url: string, body: unknown) {
  const answer = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: answer.status, body: (await answer.json()) as { token?: string } };
}

describe('db:backup and db:restore', () => {
  it('copies the database of a running server, and a server on the restored folder signs the user in', async () => {
    const first = tempDir('running');
    const server = await startServer(first);
    const id = randomBytes(4).toString('hex');
    const account = { email: `backup.${id}@example.com`, password: 'Qahwa2030!x' };
    const registered = await post(server.base, '/api/account/register', {
      firstName: 'نسخة',
      lastName: 'احتياطية',
      username: `backup${id}`,
      email: account.email,
      password: account.password,
      confirmPassword: account.password,
    });
    expect(registered.status).toBe(201);
    mkdirSync(path.join(first, 'uploads', 'original'), { recursive: true });
    writeFileSync(path.join(first, 'uploads', 'original', 'picture.webp'), 'picture bytes');

    const file = path.join(tempDir('copies'), 'ray.tar.gz');
    const backup = await runCommand('backup-cli', first, [file]);
    expect(backup.output).toContain('asking it for a copy');
    expect(backup.code).toBe(0);
    expect(existsSync(file)).toBe(true);
    // The server's copy was moved to the file, not left in its folder.
    expect(readdirSync(path.join(first, 'backups'))).toEqual([]);
    const refused = await runCommand('restore-cli', first, [file]);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('stop it, then restore');
    await server.stop();
    expect(existsSync(path.join(first, PID_FILE))).toBe(false);

    const second = tempDir('restored');
    const restore = await runCommand('restore-cli', second, [file]);
    expect(restore.code, restore.output).toBe(0);
    expect(readFileSync(path.join(second, 'uploads', 'original', 'picture.webp'), 'utf8')).toBe(
      'picture bytes',
    );
    const restored = await startServer(second);
    try {
      const login = await post(restored.base, '/api/account/login', {
        username: account.email,
        password: account.password,
      });
      expect(login.status).toBe(200);
      // The signing key lives in the database, so a token issued before the copy is still good.
      const notifications = await fetch(`${restored.base}/api/notifications/user`, {
        headers: { authorization: `Bearer ${registered.body.token}` },
      });
      expect(notifications.status).toBe(200);
    } finally {
      await restored.stop();
    }
  }, 120_000);
});

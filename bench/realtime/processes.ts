/** The processes of the run: a private redis-server and the app server, each a child of this process. */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const run = promisify(execFile);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const children = new Set<ChildProcess>();
process.once('exit', () => {
  // Last resort when the run dies before its cleanup: no child outlives it.
  for (const child of children) child.kill('SIGKILL');
});

function track(child: ChildProcess) {
  children.add(child);
  child.once('exit', () => children.delete(child));
}

function exited(child: ChildProcess) {
  return child.exitCode !== null || child.signalCode !== null;
}

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (exited(child)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      resolve(false);
    }, ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => {
      resolve(false);
    });
    probe.listen(port, '127.0.0.1', () => {
      probe.close(() => {
        resolve(true);
      });
    });
  });
}

/** The first free port from `start`; the benchmark's Redis stays off the shared 6379. */
export async function sparePort(start: number): Promise<number> {
  for (let port = start; port < start + 100; port += 1) if (await portIsFree(port)) return port;
  throw new Error(`no free port in ${start}–${start + 99}`);
}

/** Our own redis-server: no persistence, so a restart comes back empty, as after a crash. */
export class RedisProcess {
  private child: ChildProcess | undefined;

  constructor(
    readonly port: number,
    private readonly logFile: string,
  ) {}

  get url() {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start() {
    const log = createWriteStream(this.logFile, { flags: 'a' });
    const child = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    track(child);
    child.stdout.pipe(log);
    child.stderr.pipe(log);
    this.child = child;
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      if (exited(child)) break;
      if (await this.ping()) return;
      await sleep(50);
    }
    throw new Error(`redis-server on port ${this.port} did not start; see ${this.logFile}`);
  }

  async ping(): Promise<boolean> {
    try {
      const { stdout } = await run('redis-cli', ['-p', String(this.port), 'ping'], { timeout: 2_000 });
      return stdout.trim() === 'PONG';
    } catch {
      return false;
    }
  }

  /** `shutdown nosave`, as an operator would; the process is killed if it does not go. */
  async stop() {
    const child = this.child;
    if (!child || exited(child)) return;
    await run('redis-cli', ['-p', String(this.port), 'shutdown', 'nosave'], { timeout: 5_000 }).catch(
      () => undefined,
    );
    if (!(await waitForExit(child, 5_000))) {
      child.kill('SIGKILL');
      await waitForExit(child, 5_000);
    }
  }
}

export interface ServerProcess {
  pid: number;
  url: string;
  stop(): Promise<void>;
}

/**
 * The compiled server (`npm run build`), which migrates the database as it starts. With BENCH_CPU_PROFILE set to a
 * folder, it writes a V8 CPU profile of the run there.
 */
export async function startServer(env: NodeJS.ProcessEnv, logFile: string): Promise<ServerProcess> {
  const log = createWriteStream(logFile, { flags: 'a' });
  const profileDir = process.env.BENCH_CPU_PROFILE;
  const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`] : [];
  const child = spawn(process.execPath, [...profile, 'apps/server/dist/server.js'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  track(child);
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const url = `http://127.0.0.1:${env.PORT}`;
  const deadline = Date.now() + 120_000;
  let up = false;
  while (!up && Date.now() < deadline && !exited(child)) {
    up = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (!up) await sleep(250);
  }
  if (!up) {
    child.kill('SIGKILL');
    throw new Error(
      `the server did not come up (exit code ${child.exitCode}); log:\n${readFileSync(logFile, 'utf8').slice(-4_000)}`,
    );
  }
  return {
    pid: child.pid!,
    url,
    stop: async () => {
      if (exited(child)) return;
      child.kill('SIGTERM');
      if (!(await waitForExit(child, 30_000))) {
        child.kill('SIGKILL');
        await waitForExit(child, 5_000);
      }
    },
  };
}

/** Resident memory of a process in KiB (VmRSS of /proc/<pid>/status). */
export function residentKb(pid: number): number {
  const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]);
}

/** The soft limit of open files of this process (its children inherit it). */
export function openFilesLimit(): number {
  const match = /^Max open files\s+(\S+)/m.exec(readFileSync('/proc/self/limits', 'utf8'));
  return match?.[1] === 'unlimited' || !match ? Number.POSITIVE_INFINITY : Number(match[1]);
}

/** Other load generators on the machine (the HTTP benchmark) would be measured too. */
export async function otherBenchmarks(): Promise<string[]> {
  try {
    const { stdout } = await run('pgrep', ['-af', 'bench/run|autocannon']);
    return stdout.trim().split('\n').filter(Boolean);
  } catch {
    return [];
  }
}

/** The servers under test, each in its own child process: the compiled app (`npm run build`) and bare node:http. */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface Child {
  pid: number;
  url: string;
  logFile: string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('no free port'));
      });
    });
  });
}

/** Logs of the servers stay in bench/results (ignored by git as *.tmp) for a look after the run. */
function logPath(name: string): string {
  const dir = path.join(repoRoot, 'bench/results');
  mkdirSync(dir, { recursive: true });
  return path.join(dir, `${name}.log.tmp`);
}

const running = new Set<ChildProcess>();

/** The compiled server, as `npm start` runs it. */
export const SERVER_ENTRY = 'apps/server/dist/server.js';

/**
 * A node child writing its output straight to a file: piped through this process, which is busy driving the
 * load, a full pipe would block the server's synchronous log writes and the run would measure itself. TypeScript
 * files (the bare baseline) run through tsx; the app runs compiled.
 */
function spawnLogged(
  args: string[],
  logFile: string,
  env?: NodeJS.ProcessEnv,
  nodeOptions: string[] = [],
): ChildProcess {
  const fd = openSync(logFile, 'w');
  const loader = args[0]?.endsWith('.ts') ? ['--import', 'tsx'] : [];
  try {
    const child = spawn(process.execPath, [...nodeOptions, ...loader, ...args], {
      cwd: repoRoot,
      env,
      stdio: ['ignore', fd, fd],
    });
    running.add(child);
    return child;
  } finally {
    closeSync(fd);
  }
}

process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

function stopper(child: ChildProcess, cleanup: () => void) {
  return () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) {
        cleanup();
        resolve();
        return;
      }
      const force = setTimeout(() => child.kill('SIGKILL'), 30_000);
      child.once('exit', () => {
        clearTimeout(force);
        running.delete(child);
        cleanup();
        resolve();
      });
      child.kill('SIGTERM');
    });
}

async function waitUntilUp(url: string, child: ChildProcess, logFile: string) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const log = readFileSync(logFile, 'utf8').slice(-4_000);
  throw new Error(`${url} did not come up (exit code ${child.exitCode}); log:\n${log}`);
}

/** The app's server in production mode on its own data folder, answering at `readyPath` once it is up. */
async function startServer(options: {
  name: string;
  env: (url: string) => NodeJS.ProcessEnv;
  readyPath: string;
}): Promise<Child> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), `ray-${options.name}-`));
  const logFile = logPath(options.name);
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    ...options.env(url),
  };
  // BENCH_CPU_PROFILE=<folder>: the server writes a V8 CPU profile of the whole run there when it stops.
  const profileDir = process.env.BENCH_CPU_PROFILE;
  const child = spawnLogged(
    [SERVER_ENTRY],
    logFile,
    env,
    profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`] : [],
  );
  await waitUntilUp(`${url}${options.readyPath}`, child, logFile);
  return {
    pid: child.pid!,
    url,
    logFile,
    stop: stopper(child, () => {
      rmSync(dataDir, { recursive: true, force: true });
    }),
  };
}

/** The real server in production mode against ray_bench, with the baseline routes on. */
export function startAppServer(databaseUrl: string): Promise<Child> {
  return startServer({
    name: 'server',
    readyPath: '/api/health',
    env: () => ({
      DATABASE_URL: databaseUrl,
      REDIS_URL: '',
      SEED_DEMO: 'false',
      JWT_SECRET: randomBytes(48).toString('base64url'),
      // One address sends everything, so the per-address limit must not be what is measured.
      RATE_LIMIT_PER_MINUTE: '1000000000',
      // The bench users register from addresses of their own (X-Forwarded-For), as many clients would.
      TRUST_PROXY: '127.0.0.1',
      // Above the 50 connections of the scenarios, far below the 500 of the overload run.
      MAX_IN_FLIGHT: '100',
      ACCESS_TOKEN_TTL_SECONDS: '7200',
      BENCH_BASELINES: 'true',
    }),
  });
}

export async function startBareServer(): Promise<Child> {
  const port = await freePort();
  const logFile = logPath('bare-http');
  const child = spawnLogged(['bench/bare-http.ts', String(port)], logFile);
  const url = `http://127.0.0.1:${port}`;
  await waitUntilUp(url, child, logFile);
  return {
    pid: child.pid!,
    url,
    logFile,
    stop: stopper(child, () => undefined),
  };
}

/**
 * The app as `npm start` runs it: production mode, the built web app, the embedded database with the Arabic
 * demo content, no Redis.
 */
export function startDemoServer(): Promise<Child> {
  return startServer({
    name: 'demo-server',
    readyPath: '/api/ready',
    env: (url) => ({
      PUBLIC_URL: url,
      DATABASE_URL: '',
      REDIS_URL: '',
      SEED_DEMO: 'true',
      RATE_LIMIT_PER_MINUTE: '100000',
    }),
  });
}

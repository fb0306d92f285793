import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { spawnServer } from '../test/server-process';

/**
 * Services the fault tests own and can stop: a PostgreSQL cluster and a Redis server on spare ports, and the
 * app itself as a child process in production mode.
 */

const isRoot = process.getuid?.() === 0;

function pgBin(name: string): string {
  const root = '/usr/lib/postgresql';
  const version = readdirSync(root).sort((a, b) => Number(b) - Number(a))[0];
  if (!version) throw new Error('PostgreSQL binaries not found under /usr/lib/postgresql');
  return path.join(root, version, 'bin', name);
}

/** PostgreSQL refuses to run as root, so as root the cluster belongs to the postgres account. */
function asPostgres(command: string, args: string[]) {
  const [file, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  execFileSync(file, argv, { stdio: 'pipe' });
}

export interface PgCluster {
  url: string;
  stop(): void;
  start(): void;
  destroy(): void;
}

/**
 * A stopped server's port must lie outside the ephemeral range: while it is down, the app reconnects again and
 * again, and a connection whose random source port equals the destination port connects to itself (TCP
 * simultaneous open), holding the port so the server cannot start again.
 */
function assertNotEphemeral(port: number) {
  const range = existsSync('/proc/sys/net/ipv4/ip_local_port_range')
    ? readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number)
    : [32_768, 60_999];
  const [low = 32_768, high = 60_999] = range;
  if (port >= low && port <= high)
    throw new Error(`port ${port} is in the ephemeral range ${low}-${high}; pick one below ${low}`);
}

export function createPgCluster(port: number): PgCluster {
  assertNotEphemeral(port);
  const dir = mkdtempSync(path.join(tmpdir(), 'ray-fault-pg-'));
  chmodSync(dir, 0o777);
  const data = path.join(dir, 'data');
  asPostgres(pgBin('initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const cluster: PgCluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: () => {
      asPostgres(pgBin('pg_ctl'), ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
    },
    stop: () => {
      asPostgres(pgBin('pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
    },
    destroy: () => {
      try {
        cluster.stop();
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  cluster.start();
  return cluster;
}

export interface RedisServer {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
}

export async function startRedis(port: number): Promise<RedisServer> {
  assertNotEphemeral(port);
  let child: ChildProcess | undefined;
  const server: RedisServer = {
    url: `redis://127.0.0.1:${port}`,
    start: async () => {
      child = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        {
          stdio: 'ignore',
        },
      );
      await sleep(300);
    },
    stop: async () => {
      if (!child || child.exitCode !== null) return;
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
  };
  await server.start();
  return server;
}

export interface AppProcess {
  base: string;
  child: ChildProcess;
  /** Standard error of the process so far, for failure messages. */
  errors(): string;
  stop(): Promise<number | null>;
}

export interface StartOptions {
  /** Runs the compiled server (`npm run build --workspace @ray/server`) instead of the sources through tsx. */
  built?: boolean;
}

export async function startApp(
  port: number,
  env: Record<string, string>,
  options: StartOptions = {},
): Promise<AppProcess> {
  assertNotEphemeral(port);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ray-fault-app-'));
  let stderr = '';
  const child = spawnServer({
    built: options.built ?? false,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      RATE_LIMIT_PER_MINUTE: '1000000',
      JWT_SECRET: randomBytes(32).toString('hex'),
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      ...env,
    },
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  child.stdout.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the app exited at start:\n${stderr}`);
    try {
      if ((await fetch(`${base}/api/ready`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      // Not left running on a port that the next attempt or another test may need.
      child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`the app did not become ready:\n${stderr}`);
    }
    await sleep(250);
  }
  return {
    base,
    child,
    errors: () => stderr,
    stop: async () => {
      if (child.exitCode !== null) return child.exitCode;
      const exited = new Promise<number | null>((resolve) =>
        child.once('exit', (code) => {
          resolve(code);
        }),
      );
      child.kill('SIGTERM');
      const code = await exited;
      if (existsSync(dataDir)) rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}

export interface Answer {
  status: number;
  ms: number;
  body: unknown;
  /** For a request that got no answer: the network error's code (ECONNREFUSED, ECONNRESET, …). */
  error?: string;
}

/** One HTTP call that never throws: a network failure is status 0. */
export async function send(
  base: string,
  method: string,
  url: string,
  options: {
    token?: string | undefined;
    body?: unknown;
    timeoutMs?: number;
    headers?: Record<string, string>;
  } = {},
): Promise<Answer> {
  const started = performance.now();
  try {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: {
        ...options.headers,
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON
    }
    return { status: response.status, ms: performance.now() - started, body };
  } catch (error) {
    const cause = (error as { cause?: { code?: unknown } }).cause;
    return {
      status: 0,
      ms: performance.now() - started,
      body: null,
      error: typeof cause?.code === 'string' ? cause.code : String(error),
    };
  }
}

export async function registerAccount(base: string, label: string) {
  const id = randomBytes(4).toString('hex');
  const password = 'Qahwa2030!x';
  const email = `${label}.${id}@example.com`;
  const answer = await send(base, 'POST', '/api/account/register', {
    body: {
      firstName: 'اختبار',
      lastName: 'الأعطال',
      username: `${label}${id}`.slice(0, 20),
      email,
      password,
      confirmPassword: password,
    },
  });
  if (answer.status !== 201)
    throw new Error(`register failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  const body = answer.body as { token: string; userId: string };
  return { email, password, token: body.token, userId: body.userId };
}

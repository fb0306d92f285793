import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import {
  createPgCluster,
  startApp,
  startRedis,
  type AppProcess,
  type PgCluster,
  type RedisServer,
} from '../faults/support';
import { startS3Server, type S3Server } from '../test/s3-server';

/**
 * One site made of several server instances, as it is deployed: one PostgreSQL, one Redis, one S3-compatible
 * bucket, and nginx in front balancing round-robin (WebSocket upgrade included), except the SignalR hub's
 * WebSockets, which go by their connection token to one instance. Everything runs on spare
 * ports of this machine and is removed again by `stop()`, also when the start fails half-way.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** Spare ports are taken from here: below the ephemeral range, where no outgoing connection lands. */
const PORT_RANGE = { low: 20_000, high: 29_999 };

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
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

/** `count` ports nobody listens on, from a random start so that runs side by side rarely meet. */
export async function sparePorts(count: number): Promise<number[]> {
  const span = PORT_RANGE.high - PORT_RANGE.low;
  const start = Math.floor(Math.random() * span);
  const ports: number[] = [];
  for (let step = 0; step < span && ports.length < count; step++) {
    const port = PORT_RANGE.low + ((start + step) % span);
    if (await isFree(port)) ports.push(port);
  }
  if (ports.length < count)
    throw new Error(`fewer than ${count} free ports in ${PORT_RANGE.low}-${PORT_RANGE.high}`);
  return ports;
}

async function waitForPort(port: number, timeoutMs: number, exited: () => boolean): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited()) throw new Error(`the process meant to listen on ${port} exited`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ port, host: '127.0.0.1' });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => {
        resolve(false);
      });
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on ${port} after ${timeoutMs} ms`);
    await sleep(100);
  }
}

/** Waits for the process to end, killing it (and its group, for nginx's workers) when it takes too long. */
async function ended(child: ChildProcess, signal: NodeJS.Signals, graceMs: number, group = false) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      resolve();
    }),
  );
  const kill = (sig: NodeJS.Signals) => {
    try {
      if (group && child.pid) process.kill(-child.pid, sig);
      else child.kill(sig);
    } catch {
      // already gone
    }
  };
  kill(signal);
  const timer = setTimeout(() => {
    kill('SIGKILL');
  }, graceMs);
  await exited;
  clearTimeout(timer);
}

export interface Nginx {
  base: string;
  port: number;
  /** nginx's error log so far. */
  log(): string;
  stop(): Promise<void>;
  /** For the process's exit handler: no waiting. */
  kill(): void;
}

/** nginx from the distribution, in the foreground, with its configuration, pid and temp files in one folder. */
export async function startNginx(port: number, upstreams: number[]): Promise<Nginx> {
  const dir = mkdtempSync(path.join(tmpdir(), 'ray-cluster-nginx-'));
  for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(dir, temp));
  const errorLog = path.join(dir, 'error.log');
  const config = `
${process.getuid?.() === 0 ? 'user root;' : ''}
daemon off;
worker_processes 2;
pid ${dir}/nginx.pid;
error_log ${errorLog} warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  map $http_upgrade $connection_upgrade { default upgrade; '' close; }
  # SignalR: a connection token (id) always reaches the same instance, which keeps the connection's state for
  # a stateful reconnect; without one (the web page /notifications) the request id spreads the load.
  map $arg_id $signalr_key { '' $request_id; default $arg_id; }
  upstream ray {
${upstreams.map((upstream) => `    server 127.0.0.1:${upstream};`).join('\n')}
  }
  upstream ray_signalr {
    hash $signalr_key consistent;
${upstreams.map((upstream) => `    server 127.0.0.1:${upstream};`).join('\n')}
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 12m;
    location = /notifications {
      proxy_pass http://ray_signalr;
      proxy_http_version 1.1;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Request-Id $request_id;
      proxy_next_upstream error timeout http_502 http_503;
      proxy_read_timeout 120s;
    }
    location / {
      proxy_pass http://ray;
      proxy_http_version 1.1;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Request-Id $request_id;
      # A draining instance refuses new requests with 503; a stopped one refuses connections. Either way a
      # request that is safe to repeat goes to the next instance, so a rolling restart shows visitors no error.
      proxy_next_upstream error timeout http_502 http_503;
      proxy_read_timeout 120s;
    }
  }
}
`;
  const configFile = path.join(dir, 'nginx.conf');
  writeFileSync(configFile, config);
  let output = '';
  // A process group of its own, so that its workers go with it even when the master has to be killed.
  const child = spawn('/usr/sbin/nginx', ['-c', configFile, '-p', `${dir}/`, '-e', errorLog], {
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const log = () => {
    let written = '';
    try {
      written = readFileSync(errorLog, 'utf8');
    } catch {
      // not written yet
    }
    return output + written;
  };
  const remove = () => {
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitForPort(port, 10_000, () => child.exitCode !== null);
  } catch (error) {
    await ended(child, 'SIGKILL', 0, true);
    const message = `nginx did not start: ${(error as Error).message}\n${log()}`;
    remove();
    throw new Error(message);
  }
  return {
    base: `http://127.0.0.1:${port}`,
    port,
    log,
    // SIGTERM is nginx's fast shutdown: open WebSocket connections do not hold it.
    stop: async () => {
      await ended(child, 'SIGTERM', 5_000, true);
      remove();
    },
    kill: () => {
      if (child.pid && child.exitCode === null) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    },
  };
}

export interface Instance extends AppProcess {
  name: string;
  port: number;
}

export interface Site {
  pg: PgCluster;
  redis: RedisServer;
  s3: S3Server;
  instances: Instance[];
  nginx: Nginx;
  redisPrefix: string;
  /** The end of every instance's output and of nginx's error log, for failure messages. */
  logs(lines?: number): string;
  stop(): Promise<void>;
}

export interface SiteOptions {
  instances: number;
  redisPrefix: string;
  /** More settings for every instance. */
  env?: Record<string, string>;
}

const tail = (text: string, lines: number) => text.trimEnd().split('\n').slice(-lines).join('\n');

/** Stoppers of everything started, run newest first; a process exit (a crashed worker) kills what is left. */
class Owned {
  private readonly stoppers: { name: string; stop: () => Promise<void>; kill: () => void }[] = [];
  private readonly onExit = () => {
    for (const item of this.stoppers) item.kill();
  };

  constructor() {
    process.once('exit', this.onExit);
  }

  add(name: string, stop: () => Promise<void>, kill: () => void) {
    this.stoppers.push({ name, stop, kill });
  }

  async stopAll(): Promise<void> {
    process.removeListener('exit', this.onExit);
    const failures: string[] = [];
    for (const item of this.stoppers.splice(0).reverse()) {
      try {
        await item.stop();
      } catch (error) {
        failures.push(`${item.name}: ${(error as Error).message}`);
      }
    }
    if (failures.length > 0) throw new Error(`could not stop everything:\n${failures.join('\n')}`);
  }
}

/**
 * Starts the site: the services, then all instances at the same moment on the empty database (so that they meet
 * at the migrations and at the shared signing key), then nginx in front of them.
 */
export async function startSite(options: SiteOptions): Promise<Site> {
  const owned = new Owned();
  const instances: Instance[] = [];
  let nginx: Nginx | undefined;
  const logs = (lines = 40) =>
    [
      ...instances.map(
        (instance) => `--- ${instance.name} (${instance.base})\n${tail(instance.errors(), lines)}`,
      ),
      ...(nginx ? [`--- nginx\n${tail(nginx.log(), lines)}`] : []),
    ].join('\n');
  try {
    const [pgPort, redisPort, nginxPort, ...appPorts] = await sparePorts(3 + options.instances);
    const pg = createPgCluster(pgPort!);
    owned.add(
      'PostgreSQL',
      async () => {
        pg.destroy();
      },
      () => {
        pg.destroy();
      },
    );
    const redis = await startRedis(redisPort!);
    owned.add(
      'Redis',
      () => redis.stop(),
      () => void redis.stop(),
    );
    const s3 = await startS3Server('ray-cluster');
    owned.add(
      'S3',
      () => s3.stop(),
      () => undefined,
    );

    const env: Record<string, string> = {
      DATABASE_URL: pg.url,
      REDIS_URL: redis.url,
      REDIS_PREFIX: options.redisPrefix,
      PUBLIC_URL: `http://127.0.0.1:${nginxPort}`,
      TRUST_PROXY: '127.0.0.1',
      WEB_DIST_DIR: path.join(repoRoot, 'apps/web/dist'),
      LOG_LEVEL: 'warn',
      ...s3.env,
      // Empty is unset: each instance must find these on its own (the key in the database, the stream from
      // the prefix), and nothing from the caller's environment may point elsewhere.
      JWT_SECRET: '',
      REALTIME_STREAM: '',
      MEDIA_PUBLIC_URL: '',
      SMTP_URL: '',
      ADMIN_EMAILS: '',
      ...options.env,
    };
    const starts = appPorts.map(async (port, index) => {
      const app = await startApp(port, env, { built: true });
      const instance: Instance = Object.assign(app, {
        name: `instance ${String.fromCharCode(65 + index)}`,
        port,
      });
      instances.push(instance);
      owned.add(
        instance.name,
        async () => {
          const stopping = instance.stop();
          const timer = setTimeout(() => instance.child.kill('SIGKILL'), 10_000);
          await stopping;
          clearTimeout(timer);
        },
        () => instance.child.kill('SIGKILL'),
      );
      return instance;
    });
    const started = await Promise.allSettled(starts);
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    instances.sort((x, y) => x.name.localeCompare(y.name));

    nginx = await startNginx(nginxPort!, appPorts);
    const proxy = nginx;
    owned.add(
      'nginx',
      () => proxy.stop(),
      () => {
        proxy.kill();
      },
    );

    return {
      pg,
      redis,
      s3,
      instances,
      nginx,
      redisPrefix: options.redisPrefix,
      logs,
      stop: () => owned.stopAll(),
    };
  } catch (error) {
    const message = `${(error as Error).message}\n${logs()}`;
    await owned.stopAll().catch(() => undefined);
    throw new Error(`the site did not start: ${message}`, { cause: error });
  }
}

/**
 * Runs a check and, when it fails, adds what the instances and nginx said to the error, so that a failure reads
 * with its server side.
 */
export async function withLogs(site: () => Site | undefined, check: () => Promise<void>): Promise<void> {
  try {
    await check();
  } catch (error) {
    const logs = site()?.logs();
    if (logs && error instanceof Error) error.message += `\n\nServer output (last lines):\n${logs}`;
    throw error;
  }
}

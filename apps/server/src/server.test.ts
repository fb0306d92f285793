import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, startRedis, type AppProcess, type RedisServer } from './faults/support';
import { spawnServer } from './test/server-process';
import { unusedPort } from './test/ports';

/** The process as an operator meets it: what it prints when it cannot start, and what it logs while running. */

const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PASSWORD = 'pw-that-must-never-show';

/** Starts the server and waits for it to exit; it is expected not to get as far as listening. */
function startDoomed(databaseUrl: string): Promise<{ code: number | null; stderr: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ray-start-'));
  const child = spawnServer({
    env: {
      PORT: '0',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      DATABASE_URL: databaseUrl,
    },
  });
  child.stdout.resume();
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  return new Promise((resolve) => {
    child.once('exit', (code) => {
      clearTimeout(timer);
      rmSync(dataDir, { recursive: true, force: true });
      resolve({ code, stderr });
    });
  });
}

function withDatabase(url: string, name: string, password?: string): string {
  const target = new URL(url);
  target.pathname = `/${name}`;
  if (password) target.password = password;
  return target.toString();
}

describe('a DATABASE_URL that cannot be used', () => {
  it('stops at start with one line naming the refused address, without the password', async () => {
    const port = await unusedPort();
    const { code, stderr } = await startDoomed(`postgres://postgres:${PASSWORD}@127.0.0.1:${port}/ray`);
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([
      `Cannot start: database at 127.0.0.1:${port} refused the connection (DATABASE_URL)`,
    ]);
    expect(stderr).not.toContain(PASSWORD);
  });

  it('stops at start with one line naming the missing database, and no stack trace', async () => {
    const name = `ray_missing_${randomBytes(4).toString('hex')}`;
    const url = withDatabase(adminUrl, name, PASSWORD);
    const { code, stderr } = await startDoomed(url);
    expect(code).toBe(1);
    const { host } = new URL(adminUrl);
    expect(stderr.trim().split('\n')).toEqual([
      `Cannot start: database at ${host.includes(':') ? host : `${host}:5432`} has no database named "${name}" (DATABASE_URL)`,
    ]);
    expect(stderr).not.toMatch(/^\s+at /m);
    expect(stderr).not.toContain(PASSWORD);
  });
});

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  redis?: string;
  req?: { url: string };
}

describe('a running instance whose Redis refuses the password', () => {
  const REDIS_PORT = 6_461;
  const APP_PORT = 3_961;
  const METRICS_TOKEN = randomBytes(16).toString('hex');
  const RIGHT = 'the-right-redis-password';
  const WRONG = 'a-wrong-redis-password';
  const databaseName = `ray_test_${randomBytes(6).toString('hex')}`;
  let redis: RedisServer;
  let app: AppProcess;

  async function setRedisPassword(current: string, next: string) {
    const admin = createClient({ url: `redis://:${current}@127.0.0.1:${REDIS_PORT}` });
    await admin.connect();
    await admin.configSet('requirepass', next);
    await admin.quit();
  }

  const logLines = (): LogLine[] =>
    app
      .errors()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as LogLine);
  const count = (message: string) => logLines().filter((line) => line.msg.startsWith(message)).length;

  async function ready() {
    const response = await fetch(`${app.base}/api/ready`);
    return { status: response.status, body: (await response.json()) as Record<string, string> };
  }

  async function redisMetric(): Promise<string | undefined> {
    const response = await fetch(`${app.base}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    return /^dependency_up\{dependency="redis"\} (\d)$/m.exec(await response.text())?.[1];
  }

  async function until(condition: () => Promise<boolean>, timeoutMs = 15_000) {
    const deadline = Date.now() + timeoutMs;
    while (!(await condition())) {
      if (Date.now() > deadline)
        throw new Error(`not so after ${timeoutMs} ms:\n${app.errors().slice(-3_000)}`);
      await sleep(200);
    }
  }

  beforeAll(async () => {
    redis = await startRedis(REDIS_PORT);
    const client = createClient({ url: redis.url });
    await client.connect();
    await client.configSet('requirepass', RIGHT);
    await client.quit();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${databaseName}`);
    await admin.end();
    app = await startApp(APP_PORT, {
      DATABASE_URL: withDatabase(adminUrl, databaseName),
      REDIS_URL: `redis://:${WRONG}@127.0.0.1:${REDIS_PORT}`,
      LOG_LEVEL: 'info',
      METRICS_TOKEN,
      TRUST_PROXY: '127.0.0.1',
    });
  });

  afterAll(async () => {
    await app.stop();
    await redis.stop();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${databaseName} with (force)`);
    await admin.end();
  });

  it('says so in /api/ready and /metrics, logs it once over several seconds, and once when it recovers', async () => {
    await until(async () => (await ready()).body.redis === 'down');
    expect(await ready()).toEqual({
      status: 200,
      body: { status: 'degraded', database: 'up', redis: 'down', storage: 'up' },
    });
    expect(await redisMetric()).toBe('0');

    // Every Redis client of the process (real-time, rate limits, revocations) retries many times meanwhile.
    await sleep(5_000);
    expect(count('redis unavailable')).toBe(1);
    const warning = logLines().find((line) => line.msg.startsWith('redis unavailable'));
    expect(warning).toMatchObject({ level: 40, redis: `127.0.0.1:${REDIS_PORT}` });
    expect(JSON.stringify(warning)).toContain('WRONGPASS');
    expect(app.errors()).not.toContain(WRONG);
    expect(logLines().filter((line) => line.level >= 40 && /redis/i.test(line.msg))).toHaveLength(1);

    // Redis now expects the password the instance has.
    await setRedisPassword(RIGHT, WRONG);
    await until(async () => (await ready()).body.status === 'ready');
    expect(await redisMetric()).toBe('1');
    await sleep(3_000);
    expect(count('redis available again')).toBe(1);
    expect(count('redis unavailable')).toBe(1);
  }, 60_000);

  it('writes the request id a trusted proxy sends on every log line of that request, and answers with it', async () => {
    const id = `proxy-${randomBytes(8).toString('hex')}`;
    const response = await fetch(`${app.base}/api/health`, { headers: { 'x-request-id': id } });
    expect(response.headers.get('x-request-id')).toBe(id);
    await until(async () => logLines().some((line) => line.reqId === id && line.msg === 'request completed'));
    const lines = logLines().filter((line) => line.reqId === id);
    expect(lines.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
  });

  it('never writes the token of a mailed link, nor a provider code, to its log', async () => {
    const secret = randomBytes(16).toString('hex');
    const id = `links-${randomBytes(8).toString('hex')}`;
    await fetch(`${app.base}/verify-email?token=${secret}&from=mail`, { headers: { 'x-request-id': id } });
    await fetch(`${app.base}/login/callback?code=${secret}&state=${secret}`, {
      headers: { 'x-request-id': id },
    });
    await until(
      async () =>
        logLines().filter((line) => line.reqId === id && line.msg === 'request completed').length === 2,
    );
    const incoming = logLines().filter((line) => line.reqId === id && line.msg === 'incoming request');
    expect(incoming.map((line) => line.req?.url)).toEqual([
      '/verify-email?token=[redacted]&from=mail',
      '/login/callback?code=[redacted]&state=[redacted]',
    ]);
    expect(app.errors()).not.toContain(secret);
  });
});

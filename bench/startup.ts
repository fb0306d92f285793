/**
 * `npm run bench:startup`: how long an already-built server takes from `node scripts/launch.mjs server` (what
 * `npm start` runs) to a 200 from /api/ready on an existing database, the embedded one with the demo content
 * and PostgreSQL, and how much memory it holds once idle; beside a bare `node -e` HTTP server started the same
 * way in the same run. Results go to bench/results/startup-<date>.md.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { freePort, repoRoot } from './processes';
import { markdownTable } from './report';

const RUNS = Number(process.env.BENCH_STARTUP_RUNS ?? 7);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 10);
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = 'ray_bench_startup';
const TARGET_READY_MS = 3_000;
const TARGET_RSS_MIB = 200;

const BARE = `require('node:http').createServer((q, s) => s.end('ok')).listen(Number(process.env.PORT), '127.0.0.1')`;

interface Kind {
  label: string;
  args: string[];
  readyPath: string;
  env: NodeJS.ProcessEnv;
}

interface Started {
  child: ChildProcess;
  readyMs: number;
}

const log = (line: string) => {
  console.log(line);
};

async function start(kind: Kind): Promise<Started> {
  const port = await freePort();
  const began = performance.now();
  const child = spawn(process.execPath, kind.args, {
    cwd: repoRoot,
    env: { ...process.env, ...kind.env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-4_000);
  });
  const url = `http://127.0.0.1:${port}${kind.readyPath}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline && child.exitCode === null) {
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return { child, readyMs: performance.now() - began };
    await sleep(5);
  }
  child.kill('SIGKILL');
  throw new Error(`${kind.label} did not become ready (exit ${child.exitCode}):\n${errors}`);
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const force = setTimeout(() => child.kill('SIGKILL'), 30_000);
  await exited;
  clearTimeout(force);
}

function rssMib(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return kib / 1024;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function measure(kind: Kind) {
  const times: number[] = [];
  let rss = NaN;
  for (let run = 0; run < RUNS; run++) {
    const { child, readyMs } = await start(kind);
    times.push(readyMs);
    if (run === RUNS - 1) {
      // Idle: no requests, timers and pools settled.
      await sleep(IDLE_SECONDS * 1000);
      rss = rssMib(child.pid!);
    }
    await stop(child);
  }
  log(
    `${kind.label}: ready ${times.map((time) => time.toFixed(0)).join(', ')} ms; idle RSS ${rss.toFixed(0)} MiB`,
  );
  return { kind, times, median: median(times), min: Math.min(...times), rss };
}

async function recreateDatabase(): Promise<string> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${DATABASE} with (force)`);
  await admin.query(`create database ${DATABASE}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${DATABASE}`;
  return url.toString();
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ray-bench-startup-'));
  const databaseUrl = await recreateDatabase();
  const server = ['scripts/launch.mjs', 'server'];
  const common = { NODE_ENV: 'production', LOG_LEVEL: 'warn', SEED_DEMO: 'true', REDIS_URL: '' };
  const kinds: Kind[] = [
    { label: 'bare node -e', args: ['-e', BARE], readyPath: '/', env: {} },
    {
      label: 'app, embedded database',
      args: server,
      readyPath: '/api/ready',
      env: { ...common, DATA_DIR: path.join(dataDir, 'embedded'), DATABASE_URL: '' },
    },
    {
      label: 'app, PostgreSQL',
      args: server,
      readyPath: '/api/ready',
      env: { ...common, DATA_DIR: path.join(dataDir, 'postgres'), DATABASE_URL: databaseUrl },
    },
  ];
  try {
    // The first start creates each database with the demo content; only the starts after it are measured.
    for (const kind of kinds.slice(1)) {
      log(`preparing: ${kind.label}`);
      await stop((await start(kind)).child);
    }
    const results = [];
    for (const kind of kinds) results.push(await measure(kind));
    const bare = results[0]!;
    const rows = results.map((result) => [
      result.kind.label,
      result.median.toFixed(0),
      result.min.toFixed(0),
      (result.median / bare.median).toFixed(1),
      result.rss.toFixed(0),
      (result.rss / bare.rss).toFixed(1),
    ]);
    const table = markdownTable(
      ['start', 'ready ms (median)', 'ready ms (min)', 'ready ÷ bare', 'idle RSS MiB', 'RSS ÷ bare'],
      rows,
    );
    const targets = results.slice(1).flatMap((result) => [
      [
        `${result.kind.label}: ready`,
        `${result.median.toFixed(0)} ms`,
        `≤ ${TARGET_READY_MS} ms`,
        result.median <= TARGET_READY_MS ? 'met' : 'missed',
      ],
      [
        `${result.kind.label}: idle RSS`,
        `${result.rss.toFixed(0)} MiB`,
        `≤ ${TARGET_RSS_MIB} MiB`,
        result.rss <= TARGET_RSS_MIB ? 'met' : 'missed',
      ],
    ]);
    const targetTable = markdownTable(['target', 'figure', 'goal', ''], targets);
    const date = new Date().toISOString().slice(0, 10);
    const machine = `${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
    const report = `# Start-up, ${date}\n\n${machine}; ${RUNS} starts of each, idle RSS read ${IDLE_SECONDS} s after the last one was ready.\n\n${table}\n\n${targetTable}\n`;
    const file = path.join(repoRoot, 'bench/results', `startup-${date}.md`);
    writeFileSync(file, report);
    log(`\n${table}\n\n${targetTable}\n\nWritten to ${path.relative(repoRoot, file)}`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${DATABASE} with (force)`);
    await admin.end();
  }
}

await main();

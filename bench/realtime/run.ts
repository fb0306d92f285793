/**
 * `npm run bench:realtime`: real-time delivery of comment notifications through the Socket.IO hub with the
 * Redis Streams adapter. Starts its own redis-server and the app (production mode, PostgreSQL database
 * ray_bench_realtime) as children, then measures write-to-delivery times with few and many idle sockets, the
 * memory of an idle socket, and what a Redis restart costs. Writes bench/results/realtime-<date>.md.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as wait } from 'node:timers/promises';
import { NOTIFICATIONS_PAGE_LIMIT } from '@ray/shared/constants';
import type { Notification } from '@ray/shared/realtime';
import { readConfig, type RealtimeBenchConfig } from './config';
import {
  connectListeners,
  DeliveryTracker,
  disconnectAll,
  isCreated,
  seededRandom,
  streamComments,
  type ConnectedSocket,
  type SentComment,
} from './delivery';
import {
  createDatabase,
  dropDatabase,
  insertListeners,
  pollNotifiedAt,
  pollWithVoters,
  postgresVersion,
  signInCommenter,
  tokenSigner,
  type Listener,
} from './fixtures';
import {
  openFilesLimit,
  otherBenchmarks,
  RedisProcess,
  repoRoot,
  residentKb,
  sparePort,
  startServer,
  type ServerProcess,
} from './processes';
import {
  deliveryStats,
  deliveryTable,
  markdownTable,
  ms,
  ratio,
  targetTable,
  type DeliveryStats,
  type TargetCheck,
} from './report';

const ACCESS_TTL_SECONDS = 7_200;
const JWT_ISSUER = 'ray';
const WARM_UP_COMMENTS = 50;
const SETTLE_MS = 10_000;

const interrupted = new AbortController();

const log = (line: string) => {
  console.log(line);
};
/** Rejects at once when the run is interrupted, so no phase goes on after Ctrl-C. */
const sleep = (ms: number, signal: AbortSignal) => wait(ms, undefined, { signal });

interface Run {
  config: RealtimeBenchConfig;
  server: ServerProcess;
  redis: RedisProcess;
  listeners: Listener[];
  commenterToken: string;
  /** Every socket opened, so the cleanup can close what a failed phase left open. */
  open: ConnectedSocket[];
  /** Aborted by Ctrl-C: phases stop at their next step. */
  signal: AbortSignal;
}

interface PhaseResult {
  sockets: number;
  stats: DeliveryStats;
  connectSeconds: number;
  connectErrors: number;
  /** 1-minute load average of the machine when the stream ended: other work on the cores shows here. */
  load: number;
}

async function connect(run: Run, listeners: Listener[], tracker: DeliveryTracker) {
  const started = performance.now();
  const { sockets, connectErrors } = await connectListeners(
    run.server.url,
    listeners,
    run.config.connectBatch,
    tracker,
    run.signal,
  );
  run.open.push(...sockets);
  return { sockets, connectErrors, connectSeconds: (performance.now() - started) / 1000 };
}

function close(run: Run, sockets: ConnectedSocket[]) {
  disconnectAll(sockets);
  run.open = run.open.filter((entry) => !sockets.includes(entry));
}

/** Comments on the posts of `sockets` listeners, measured once a short unmeasured warm-up has run. */
async function measureDelivery(run: Run, label: string, sockets: number): Promise<PhaseResult> {
  const { config } = run;
  const tracker = new DeliveryTracker();
  const targets = run.listeners.slice(0, sockets);
  const connected = await connect(run, targets, tracker);
  log(
    `  ${sockets.toLocaleString('en')} sockets connected in ${connected.connectSeconds.toFixed(1)} s (${connected.connectErrors} connect errors)`,
  );
  const stream = (count: number, tag: string) =>
    streamComments({
      url: run.server.url,
      token: run.commenterToken,
      targets,
      count,
      rate: config.rate,
      concurrency: config.concurrency,
      label: tag,
      random: seededRandom(config.seed + tag.length),
      tracker,
      signal: run.signal,
    });
  await tracker.settle(await stream(WARM_UP_COMMENTS, `${label}-warm`), SETTLE_MS, run.signal);
  const comments = await stream(config.comments, label);
  run.signal.throwIfAborted();
  const load = os.loadavg()[0]!;
  await tracker.settle(comments, SETTLE_MS, run.signal);
  close(run, connected.sockets);
  const stats = deliveryStats(comments);
  log(
    `  ${label}: delivered ${stats.delivered}/${stats.sent}, median ${ms(stats.median)} ms, p99 ${ms(stats.p99)} ms, max ${ms(stats.max)} ms (strays ${tracker.strays}, duplicates ${tracker.duplicates})`,
  );
  return {
    sockets,
    stats,
    connectSeconds: connected.connectSeconds,
    connectErrors: connected.connectErrors,
    load,
  };
}

interface MemoryResult {
  sockets: number;
  beforeKb: number;
  afterKb: number;
  perSocketKb: number;
  connectSeconds: number;
}

/** Server RSS with no socket, then with every large-phase socket connected and idle. */
async function measureIdleMemory(run: Run): Promise<MemoryResult> {
  const { config } = run;
  await sleep(3_000, run.signal);
  const beforeKb = residentKb(run.server.pid);
  const tracker = new DeliveryTracker();
  const connected = await connect(run, run.listeners.slice(0, config.largeSockets), tracker);
  await sleep(config.idleSeconds * 1000, run.signal);
  const afterKb = residentKb(run.server.pid);
  close(run, connected.sockets);
  const perSocketKb = (afterKb - beforeKb) / config.largeSockets;
  log(
    `  idle memory: RSS ${beforeKb.toLocaleString('en')} → ${afterKb.toLocaleString('en')} KiB with ${config.largeSockets.toLocaleString('en')} sockets = ${perSocketKb.toFixed(1)} KiB per socket`,
  );
  await sleep(2_000, run.signal);
  return {
    sockets: config.largeSockets,
    beforeKb,
    afterKb,
    perSocketKb,
    connectSeconds: connected.connectSeconds,
  };
}

async function notificationsOf(url: string, listener: Listener): Promise<Notification[]> {
  const response = await fetch(`${url}/api/notifications/user?limit=${NOTIFICATIONS_PAGE_LIMIT}`, {
    headers: { authorization: `Bearer ${listener.token}` },
  });
  if (!response.ok) throw new Error(`notifications of ${listener.userId}: ${response.status}`);
  return (await response.json()) as Notification[];
}

interface FanoutResult {
  sockets: number;
  delivered: number;
  /** From the poll job's clock when it closed the poll to each voter's `ReceiveNotification`, in ms. */
  /** The first notice's arrival: what the job's writing took before any went out. */
  first: number;
  median: number;
  p99: number;
  max: number;
  waitedSeconds: number;
  /** p99 of signed-in feed requests, with nothing else going on and while the notices went out. */
  feedQuietP99: number;
  feedDuringP99: number;
  feedDuringCount: number;
}

const percentile = (values: number[], share: number) => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;
};

/** Signed-in feed requests from `workers` loops until `signal`; each sample is its start (epoch ms) and time. */
async function loadFeed(url: string, token: string, workers: number, stop: AbortSignal) {
  const samples: { at: number; ms: number }[] = [];
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (!stop.aborted) {
        const at = Date.now();
        const started = performance.now();
        const response = await fetch(`${url}/api/posts/paginated`, {
          headers: { authorization: `Bearer ${token}` },
        });
        await response.arrayBuffer();
        if (response.ok) samples.push({ at, ms: performance.now() - started });
      }
    }),
  );
  return samples;
}

/**
 * Phase D: a poll whose voters all have a socket open closes, and the server's poll job tells every one of them;
 * each notice is timed from the job's own clock (the poll's `poll_closed_notified_at`) to its arrival. Signed-in
 * feed requests run throughout, and their p99 while the notices go out is compared with a quiet stretch before.
 */
async function measureFanout(run: Run): Promise<FanoutResult> {
  const { config } = run;
  const voters = run.listeners.slice(0, config.fanoutSockets);
  const arrivals = new Map<string, number>();
  let postId = 0;
  const tracker = {
    received(userId: string, notification: Notification) {
      if (notification.postId === postId && !arrivals.has(userId)) arrivals.set(userId, Date.now());
    },
  };
  const connected = await connect(run, voters, tracker as unknown as DeliveryTracker);
  log(`  ${voters.length.toLocaleString('en')} voters connected in ${connected.connectSeconds.toFixed(1)} s`);
  const quietStop = new AbortController();
  const quiet = loadFeed(run.server.url, run.commenterToken, 10, quietStop.signal);
  await sleep(5_000, run.signal);
  quietStop.abort();
  const quietSamples = await quiet;

  postId = await pollWithVoters(
    config.benchUrl,
    voters.map((voter) => voter.userId),
    5,
  );
  const waitStarted = performance.now();
  const busyStop = new AbortController();
  const busy = loadFeed(run.server.url, run.commenterToken, 10, busyStop.signal);
  let closedAt: number | null = null;
  // The poll job runs every minute: the wait for it is at most that, then the notices go out.
  while (performance.now() - waitStarted < 150_000) {
    await sleep(200, run.signal);
    closedAt ??= await pollNotifiedAt(config.benchUrl, postId);
    if (closedAt !== null && (arrivals.size === voters.length || Date.now() - closedAt > 15_000)) break;
  }
  busyStop.abort();
  const busySamples = await busy;
  close(run, connected.sockets);
  if (closedAt === null) throw new Error('the poll job did not close the poll within 150 s');
  const times = [...arrivals.values()].map((at) => at - closedAt);
  const lastArrival = Math.max(closedAt, ...arrivals.values());
  const during = busySamples.filter((sample) => sample.at >= closedAt && sample.at <= lastArrival);
  const result: FanoutResult = {
    sockets: voters.length,
    delivered: arrivals.size,
    first: Math.min(...times),
    median: percentile(times, 0.5),
    p99: percentile(times, 0.99),
    max: Math.max(...times),
    waitedSeconds: (performance.now() - waitStarted) / 1000,
    feedQuietP99: percentile(
      quietSamples.map((sample) => sample.ms),
      0.99,
    ),
    feedDuringP99: percentile(
      during.map((sample) => sample.ms),
      0.99,
    ),
    feedDuringCount: during.length,
  };
  log(
    `  D: delivered ${result.delivered}/${result.sockets}, median ${ms(result.median)} ms, p99 ${ms(result.p99)} ms, max ${ms(result.max)} ms; feed p99 ${ms(result.feedQuietP99)} ms quiet, ${ms(result.feedDuringP99)} ms during (${result.feedDuringCount} requests)`,
  );
  return result;
}

interface RestartResult {
  sockets: number;
  stats: DeliveryStats;
  load: number;
  inList: number;
  /** Comments whose request was sent while Redis was down. */
  duringOutage: SentComment[];
  outageSeconds: number;
  disconnects: number;
  reconnects: number;
  /** Created comments sent a second or more after Redis was back. */
  afterRecovery: SentComment[];
}

/** Comments stream while our Redis is shut down and started again; the database must hold every one. */
async function measureRedisRestart(run: Run): Promise<RestartResult> {
  const { config } = run;
  const tracker = new DeliveryTracker();
  const targets = run.listeners.slice(0, config.restartSockets);
  const connected = await connect(run, targets, tracker);
  const streamMs = config.restartSeconds * 1000;
  let downAt = 0;
  let upAt = 0;
  const started = performance.now();
  const outage = (async () => {
    await sleep((streamMs - config.redisDownSeconds * 1000) / 2, run.signal);
    downAt = performance.now();
    await run.redis.stop();
    log(`  redis stopped at ${((downAt - started) / 1000).toFixed(1)} s`);
    await sleep(config.redisDownSeconds * 1000, run.signal);
    await run.redis.start();
    upAt = performance.now();
    log(`  redis started again at ${((upAt - started) / 1000).toFixed(1)} s`);
  })();
  const [comments] = await Promise.all([
    streamComments({
      url: run.server.url,
      token: run.commenterToken,
      targets,
      count: config.restartSeconds * config.restartRate,
      durationMs: streamMs,
      rate: config.restartRate,
      concurrency: config.concurrency,
      label: 'C',
      random: seededRandom(config.seed + 3),
      tracker,
      signal: run.signal,
    }),
    outage,
  ]);
  run.signal.throwIfAborted();
  const load = os.loadavg()[0]!;
  await tracker.settle(comments, SETTLE_MS * 2, run.signal);

  const created = comments.filter(isCreated);
  const owners = new Map<string, Set<string>>();
  for (let start = 0; start < targets.length; start += 10) {
    const lists = await Promise.all(
      targets.slice(start, start + 10).map(async (listener) => ({
        listener,
        list: await notificationsOf(run.server.url, listener),
      })),
    );
    for (const { listener, list } of lists)
      owners.set(
        listener.userId,
        new Set(list.filter((item) => item.type === 'comment').map((item) => item.content ?? '')),
      );
  }
  const inList = created.filter((comment) => owners.get(comment.ownerId)?.has(comment.content)).length;
  const disconnects = connected.sockets.reduce((sum, entry) => sum + entry.disconnects, 0);
  const reconnects = connected.sockets.reduce((sum, entry) => sum + entry.reconnects, 0);
  close(run, connected.sockets);
  const stats = deliveryStats(comments);
  const duringOutage = comments.filter((comment) => comment.sentAt >= downAt && comment.sentAt <= upAt);
  const afterRecovery = created.filter((comment) => comment.sentAt >= upAt + 1_000);
  log(
    `  C: ${created.length}/${comments.length} answered 2xx, in the owner's list ${inList}/${created.length}, delivered live ${stats.delivered}/${comments.length}; ${duringOutage.length} sent while Redis was down; sockets: ${disconnects} disconnects, ${reconnects} reconnects`,
  );
  return {
    sockets: targets.length,
    stats,
    load,
    inList,
    duringOutage,
    outageSeconds: (upAt - downAt) / 1000,
    disconnects,
    reconnects,
    afterRecovery,
  };
}

function machine(postgres: string, redis: string) {
  const cpus = os.cpus();
  return {
    cores: cpus.length,
    cpu: cpus[0]?.model ?? 'unknown',
    memoryGiB: Math.round(os.totalmem() / 1024 ** 3),
    node: process.version,
    postgres,
    redis,
    load: os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(' '),
  };
}

function redisVersion(): Promise<string> {
  return new Promise((resolve) => {
    execFile('redis-server', ['--version'], (error, stdout) => {
      resolve(error ? 'unknown' : (/v=(\S+)/.exec(stdout)?.[1] ?? 'unknown'));
    });
  });
}

function restartTable(c: RestartResult): string {
  const outageLatencies = c.duringOutage
    .filter((comment) => comment.deliveredAt !== null)
    .map((comment) => comment.deliveredAt! - comment.sentAt);
  return markdownTable(
    ['Redis restart', 'figure'],
    [
      ['Redis down for', `${c.outageSeconds.toFixed(1)} s`],
      [
        'comments answered 2xx / sent',
        `${c.stats.created}/${c.stats.sent} = ${ratio(c.stats.created, c.stats.sent)}`,
      ],
      [
        'received in the owner’s list / 2xx',
        `${c.inList}/${c.stats.created} = ${ratio(c.inList, c.stats.created)}`,
      ],
      [
        'delivered live / sent (informational)',
        `${c.stats.delivered}/${c.stats.sent} = ${ratio(c.stats.delivered, c.stats.sent)}`,
      ],
      [
        'sent while Redis was down: 2xx, delivered live, slowest delivery',
        `${c.duringOutage.filter(isCreated).length}/${c.duringOutage.length}, ${outageLatencies.length}/${c.duringOutage.length}, ${outageLatencies.length > 0 ? `${ms(Math.max(...outageLatencies))} ms` : '—'}`,
      ],
      [
        'sent ≥ 1 s after Redis was back: delivered live',
        `${c.afterRecovery.filter((x) => x.deliveredAt !== null).length}/${c.afterRecovery.length}`,
      ],
      ['socket disconnects / reconnects seen by the clients', `${c.disconnects} / ${c.reconnects}`],
    ],
  );
}

function evaluate(
  a: PhaseResult,
  b: PhaseResult | undefined,
  memory: MemoryResult | undefined,
  c: RestartResult | undefined,
  d: FanoutResult | undefined,
): TargetCheck[] {
  return [
    ...(b && memory ? scaleTargets(a, b, memory) : []),
    ...(c ? restartTargets(c) : []),
    ...(d ? fanoutTargets(d) : []),
  ];
}

function fanoutTargets(d: FanoutResult): TargetCheck[] {
  return [
    {
      target: `a poll closing: all ${d.sockets.toLocaleString('en')} voters told live`,
      figure: `${d.delivered.toLocaleString('en')}/${d.sockets.toLocaleString('en')}`,
      pass: d.delivered === d.sockets,
    },
    {
      target: 'a poll closing: p99 from the job to each voter ≤ 2 s',
      figure: `${ms(d.p99)} ms`,
      pass: d.p99 <= 2_000,
    },
    {
      target: 'signed-in feed p99 while the notices go out ≤ 2 × quiet',
      figure: `${ms(d.feedDuringP99)} ms vs 2 × ${ms(d.feedQuietP99)} = ${ms(2 * d.feedQuietP99)} ms`,
      pass: d.feedDuringCount > 0 && d.feedDuringP99 <= 2 * d.feedQuietP99,
    },
  ];
}

function scaleTargets(a: PhaseResult, b: PhaseResult, memory: MemoryResult): TargetCheck[] {
  return [
    {
      target: `p99 with ${b.sockets.toLocaleString('en')} sockets ≤ 2 × p99 with ${a.sockets}`,
      figure: `${ms(b.stats.p99)} ms vs 2 × ${ms(a.stats.p99)} = ${ms(2 * a.stats.p99)} ms`,
      pass: b.stats.p99 <= 2 * a.stats.p99,
    },
    {
      target: `p99 with ${b.sockets.toLocaleString('en')} sockets < 50 ms`,
      figure: `${ms(b.stats.p99)} ms`,
      pass: b.stats.p99 < 50,
    },
    {
      target: 'server memory per idle socket ≤ 30 KiB',
      figure: `${memory.perSocketKb.toFixed(1)} KiB`,
      pass: memory.perSocketKb <= 30,
    },
  ];
}

function restartTargets(c: RestartResult): TargetCheck[] {
  const createdC = c.stats.created;
  return [
    {
      target: 'Redis restart: every 2xx comment in its owner’s notification list',
      figure: `${c.inList}/${createdC} = ${ratio(c.inList, createdC)}`,
      pass: createdC > 0 && c.inList === createdC,
    },
    {
      target: 'Redis restart: every comment request answered 2xx',
      figure: `${c.stats.sent - createdC} non-2xx of ${c.stats.sent} (${c.duringOutage.filter((x) => !isCreated(x)).length} of the ${c.duringOutage.length} sent while Redis was down)`,
      pass: createdC === c.stats.sent && c.duringOutage.length > 0,
    },
  ];
}

async function main() {
  let config: RealtimeBenchConfig;
  try {
    config = readConfig();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(2);
  }
  const filesLimit = openFilesLimit();
  const mostSockets = Math.max(
    config.phases.has('B') ? config.largeSockets : 0,
    config.phases.has('D') ? config.fanoutSockets : 0,
    config.smallSockets,
  );
  if (filesLimit < mostSockets + 1_024) {
    console.error(
      `${mostSockets} sockets need more open files than the limit of ${filesLimit}: run \`ulimit -n ${mostSockets * 2 + 1_024}\` first.`,
    );
    process.exit(2);
  }
  const others = await otherBenchmarks();
  if (others.length > 0)
    log(`Warning: another benchmark is running and shares the cores:\n  ${others.join('\n  ')}`);

  const started = new Date();
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'ray-bench-realtime-'));
  const secret = randomBytes(48).toString('base64url');
  let server: ServerProcess | undefined;
  let redis: RedisProcess | undefined;
  let run: Run | undefined;
  let cleaning: Promise<void> | undefined;
  const cleanup = () =>
    (cleaning ??= (async () => {
      if (run) disconnectAll(run.open);
      await server?.stop();
      await redis?.stop();
      await dropDatabase(config.adminUrl).catch((error: unknown) => {
        console.error(`could not drop the benchmark database: ${String(error)}`);
      });
      rmSync(workDir, { recursive: true, force: true });
    })());
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      interrupted.abort();
      log(`\n${signal}: stopping the server and Redis, dropping the database…`);
      void cleanup().finally(() => process.exit(130));
    });

  let a: PhaseResult;
  let b: PhaseResult | undefined;
  let memory: MemoryResult | undefined;
  let c: RestartResult | undefined;
  let d: FanoutResult | undefined;
  let host: ReturnType<typeof machine>;
  try {
    await createDatabase(config.adminUrl);
    host = machine(await postgresVersion(config.benchUrl), await redisVersion());
    log(
      `Ra'y real-time benchmark: ${host.cores} cores (${host.cpu}), Node ${host.node}, PostgreSQL ${host.postgres}, Redis ${host.redis}, load ${host.load}`,
    );
    redis = new RedisProcess(await sparePort(6390), path.join(workDir, 'redis.log'));
    await redis.start();
    const port = await sparePort(4300);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: config.benchUrl,
      DATA_DIR: path.join(workDir, 'data'),
      SEED_DEMO: 'false',
      REDIS_URL: redis.url,
      REALTIME_STREAM: 'ray:bench-realtime',
      JWT_SECRET: secret,
      JWT_ISSUER,
      ACCESS_TOKEN_TTL_SECONDS: String(ACCESS_TTL_SECONDS),
      // One address sends everything: neither the per-address limit nor load shedding is what is measured.
      RATE_LIMIT_PER_MINUTE: '1000000000',
      MAX_IN_FLIGHT: '10000',
    };
    log(`Starting redis-server on port ${redis.port} and the app (migrations run as it starts)…`);
    server = await startServer(env, path.join(workDir, 'server.log'));
    const users = Math.max(
      config.smallSockets,
      config.largeSockets,
      config.restartSockets,
      config.fanoutSockets,
    );
    const insertStarted = performance.now();
    const listeners = await insertListeners(
      config.benchUrl,
      users,
      tokenSigner(secret, JWT_ISSUER, ACCESS_TTL_SECONDS),
    );
    const commenterToken = await signInCommenter(config.benchUrl, server.url);
    log(
      `${listeners.length.toLocaleString('en')} listeners (user, post, session, token) ready in ${((performance.now() - insertStarted) / 1000).toFixed(1)} s; the commenter signed in through the API`,
    );
    run = { config, server, redis, listeners, commenterToken, open: [], signal: interrupted.signal };

    log(`Phase A: ${config.smallSockets} sockets, ${config.comments} comments at ${config.rate}/s`);
    a = await measureDelivery(run, 'A', config.smallSockets);
    if (config.phases.has('B')) {
      log(`Phase B: idle memory, then ${config.largeSockets} sockets, ${config.comments} comments`);
      memory = await measureIdleMemory(run);
      b = await measureDelivery(run, 'B', config.largeSockets);
    }
    if (config.phases.has('C')) {
      log(
        `Phase C: ${config.restartSockets} sockets, comments at ${config.restartRate}/s for ${config.restartSeconds} s, Redis down ${config.redisDownSeconds} s in the middle`,
      );
      c = await measureRedisRestart(run);
    }
    if (config.phases.has('D')) {
      log(`Phase D: a poll with ${config.fanoutSockets.toLocaleString('en')} connected voters closes`);
      d = await measureFanout(run);
    }
  } finally {
    await cleanup();
  }

  const table = deliveryTable([
    { phase: 'A', sockets: a.sockets, stats: a.stats, load: a.load },
    ...(b ? [{ phase: 'B', sockets: b.sockets, stats: b.stats, load: b.load }] : []),
    ...(c ? [{ phase: 'C (Redis restart)', sockets: c.sockets, stats: c.stats, load: c.load }] : []),
  ]);
  const targets = targetTable(evaluate(a, b, memory, c, d));
  const restart = c ? restartTable(c) : '';
  const memoryLine = memory
    ? `Idle memory: server RSS ${memory.beforeKb.toLocaleString('en')} KiB with no socket → ${memory.afterKb.toLocaleString('en')} KiB with ${memory.sockets.toLocaleString('en')} connected and idle for ${config.idleSeconds} s = ${memory.perSocketKb.toFixed(1)} KiB per socket (VmRSS of the server process; no forced GC, so garbage of the handshakes counts too). ${memory.sockets.toLocaleString('en')} sockets connected in ${memory.connectSeconds.toFixed(1)} s, ${config.connectBatch} at a time.`
    : '';
  const fanout = d
    ? markdownTable(
        ['Phase D: a poll closes', 'figure'],
        [
          ['voters with a socket open', d.sockets.toLocaleString('en')],
          ['notices delivered live', `${d.delivered.toLocaleString('en')}/${d.sockets.toLocaleString('en')}`],
          [
            'from the job closing the poll: first / median / p99 / max',
            `${ms(d.first)} / ${ms(d.median)} / ${ms(d.p99)} / ${ms(d.max)} ms`,
          ],
          [
            'signed-in feed p99: quiet / while the notices went out',
            `${ms(d.feedQuietP99)} / ${ms(d.feedDuringP99)} ms (${d.feedDuringCount} requests during)`,
          ],
        ],
      )
    : '';
  const ran = [...config.phases].filter((phase) => 'ABCD'.includes(phase)).join(', ');

  for (const part of [table, memoryLine, restart, fanout, targets]) {
    if (!part) continue;
    log('');
    log(part);
  }

  const date = started.toISOString().slice(0, 10);
  const file = path.join(repoRoot, 'bench/results', `realtime-${date}.md`);
  mkdirSync(path.dirname(file), { recursive: true });
  const section = [
    `## Run of ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `Machine: ${host.cores} cores (${host.cpu}), ${host.memoryGiB} GiB RAM, Node ${host.node}, PostgreSQL ${host.postgres}, Redis ${host.redis}; load average at the start ${host.load}${others.length > 0 ? ' (another benchmark was running)' : ''}. The clients, the server, PostgreSQL and Redis share these cores.`,
    '',
    `Method: one server process in production mode with the Redis Streams adapter; each listener has its own socket (WebSocket transport, as the web app connects). A single signed-in commenter writes comments through \`POST /api/comments\` on random listeners' posts, ${config.rate} started per second, at most ${config.concurrency} in flight (after ${WARM_UP_COMMENTS} unmeasured warm-up comments). The delivery time runs from just before the HTTP request is sent to the arrival of the matching \`ReceiveNotification\` on the post owner's socket; the HTTP answer time is shown beside it. Phase C streams ${config.restartRate} comments per second for ${config.restartSeconds} s and shuts Redis down (\`shutdown nosave\`) for ${config.redisDownSeconds} s in the middle, then reads every owner's \`GET /api/notifications/user\`. Phase D closes a poll whose voters all have a socket open; the server's poll job (every minute) tells them, and each notice is timed from the job's clock (\`poll_closed_notified_at\`) to its arrival, while 10 loops read the signed-in feed. Phases run: ${ran}.`,
    '',
    ...[table, memoryLine, restart, fanout, targets].flatMap((part) => (part ? [part, ''] : [])),
  ].join('\n');
  const previous = existsSync(file)
    ? readFileSync(file, 'utf8')
    : `# Real-time delivery benchmark, ${date}\n\n`;
  writeFileSync(file, `${previous}${previous.endsWith('\n\n') ? '' : '\n'}${section}`);
  log(`\nWritten to ${path.relative(repoRoot, file)}`);
}

main().catch((error: unknown) => {
  if (interrupted.signal.aborted) process.exit(130);
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});

/**
 * `npm run bench`: seeds ray_bench on the PostgreSQL server of DATABASE_URL, starts the app in production mode
 * and a bare node:http server in child processes, drives every scenario with autocannon, and reports each one
 * against the baselines measured in the same run (bench/results/<date>.md).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { readConfig, type BenchConfig } from './config';
import { runLoad, type LoadResult } from './load';
import { repoRoot, startAppServer, startBareServer, type Child } from './processes';
import { evaluateTargets, markdownTable, scenarioTable, targetTable, type Measured } from './report';
import {
  BENCH_PASSWORD,
  buildScenarios,
  FOLLOWED_AUTHORS,
  followAuthors,
  loadFixtures,
  overloadScenario,
  type BenchUser,
  type Scenario,
} from './scenarios';
import { measureTrendRefresh, refreshTable, refreshTargets, type RefreshCost } from './refresh';
import { seedBenchDatabase, seededSizes, vocabulary, type SeedTiming } from './seed';
import { checkCounters, checkVoteCounters } from './verify';

const BENCH_USERS = 50;

const log = (line: string) => {
  console.log(line);
};

async function api<T>(url: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * Bench users are registered through the API, then signed in through it like any client. Each registers from an
 * address of its own (the server trusts the bench as a proxy): one address may only try 30 registrations in 15
 * minutes.
 */
async function createBenchUsers(baseUrl: string, count: number): Promise<BenchUser[]> {
  const run = Date.now().toString(36);
  const users: BenchUser[] = [];
  for (let start = 0; start < count; start += 5) {
    const batch = Array.from({ length: Math.min(5, count - start) }, (_, offset) => start + offset);
    users.push(
      ...(await Promise.all(
        batch.map(async (index) => {
          const email = `bench-${run}-${index}@bench.ray.test`;
          await api(
            `${baseUrl}/api/account/register`,
            {
              email,
              password: BENCH_PASSWORD,
              confirmPassword: BENCH_PASSWORD,
              username: `b${run}${index}`.slice(0, 20),
              firstName: 'مختبر',
              lastName: `الأداء ${index}`,
            },
            { 'x-forwarded-for': `198.18.0.${index + 1}` },
          );
          const session = await api<{ token: string; userId: string }>(`${baseUrl}/api/account/login`, {
            username: email,
            password: BENCH_PASSWORD,
          });
          return { userId: session.userId, email, token: session.token };
        }),
      )),
    );
  }
  return users;
}

/** Words of the seeded vocabulary from common to rare, so search meets both kinds. */
function searchWords(): string[] {
  const words = vocabulary().words.filter((word) => word.length >= 4);
  return [0, 10, 50, 200].map((rank) => words[Math.min(rank, words.length - 1)]!);
}

async function probe(baseUrl: string, scenario: Scenario) {
  if (!scenario.probe) return;
  const response = await fetch(`${baseUrl}${scenario.probe.path}`, {
    headers: scenario.probe.token ? { authorization: `Bearer ${scenario.probe.token}` } : {},
  });
  if (!response.ok)
    throw new Error(
      `${scenario.label}: ${scenario.probe.path} answered ${response.status} ${await response.text()}`,
    );
}

async function measure(
  scenario: Scenario,
  servers: { app: Child; bare: Child },
  config: BenchConfig,
): Promise<LoadResult> {
  const server = servers[scenario.server];
  await scenario.prepare?.(server.url);
  await probe(server.url, scenario);
  const connections = scenario.connections ?? config.connections;
  // A short warm-up: JIT, pools, caches and the first trend ranking are not what is measured.
  await runLoad({
    url: server.url,
    connections,
    durationSeconds: Math.max(1, Math.round(config.durationSeconds / 5)),
    requests: scenario.requests,
  });
  const result = await runLoad({
    url: server.url,
    connections,
    durationSeconds: config.durationSeconds,
    requests: scenario.requests,
    rssPid: server.pid,
  });
  log(
    `  ${scenario.label.padEnd(48)} ${result.requestsPerSecond.toFixed(0).padStart(7)} req/s  p50 ${String(result.p50).padStart(4)} ms  p99 ${String(result.p99).padStart(5)} ms  non-2xx ${result.non2xx}  errors ${result.errors}  RSS ${result.peakRssMb?.toFixed(0) ?? '—'} MiB`,
  );
  return result;
}

function machine(postgresVersion: string) {
  const cpus = os.cpus();
  return {
    cores: cpus.length,
    cpu: cpus[0]?.model ?? 'unknown',
    memoryGiB: Math.round(os.totalmem() / 1024 ** 3),
    node: process.version,
    postgres: postgresVersion,
    load: os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(' '),
  };
}

function seedSection(timings: SeedTiming[]): string {
  if (timings.length === 0)
    return 'Seeding skipped: an already seeded ray_bench of the same sizes was reused (BENCH_REUSE_DB=true).';
  const total = timings.reduce((sum, timing) => sum + timing.seconds, 0);
  return [
    markdownTable(
      ['step', 'rows', 'seconds'],
      timings.map((timing) => [
        timing.step,
        timing.rows === null ? '' : timing.rows.toLocaleString('en'),
        timing.seconds.toFixed(1),
      ]),
    ),
    '',
    `Seeding took ${(total / 60).toFixed(1)} minutes in all.`,
  ].join('\n');
}

async function main() {
  let config: BenchConfig;
  try {
    config = readConfig();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(2);
  }
  const started = new Date();
  log(
    `Ra'y benchmark: scale ${config.scale} ${JSON.stringify(config.sizes)}, ${config.durationSeconds} s per scenario`,
  );

  let timings: SeedTiming[] = [];
  const existing = config.reuseDatabase ? await seededSizes(config) : null;
  if (existing && JSON.stringify(existing) === JSON.stringify(config.sizes)) {
    // The server applies any newer migration when it starts.
    log('Reusing the seeded ray_bench (BENCH_REUSE_DB=true).');
  } else {
    log('Seeding ray_bench:');
    timings = await seedBenchDatabase(config, log);
  }

  const client = new pg.Client({ connectionString: config.benchUrl });
  await client.connect();
  const postgresVersion = (await client.query<{ v: string }>(`select current_setting('server_version') as v`))
    .rows[0]!.v;
  const host = machine(postgresVersion);
  log(
    `Machine: ${host.cores} cores (${host.cpu}), ${host.memoryGiB} GiB, Node ${host.node}, PostgreSQL ${host.postgres}, load ${host.load}`,
  );

  const app = await startAppServer(config.benchUrl);
  const bare = await startBareServer();
  const measured: Measured[] = [];
  const checks: string[] = [];
  let refresh: RefreshCost[] = [];
  let fixturesNote = '';
  try {
    const users = await createBenchUsers(app.url, BENCH_USERS);
    await followAuthors(client, users, FOLLOWED_AUTHORS);
    const fixtures = await loadFixtures(client, users, searchWords());
    fixturesNote = [
      `- deep cursor: item ${fixtures.cursorPosition.toLocaleString('en')} of the visitor feed (computed with lib/cursor.ts encodeCursor)`,
      `- busiest post: ${fixtures.busiestPost.id} (${fixtures.busiestPost.comments} comments); profile: a user with ${fixtures.prolificAuthor.posts} public posts; hashtag: #${fixtures.popularTag.name} (${fixtures.popularTag.posts} posts)`,
      `- search words in turn: ${fixtures.searchWords.join('، ')}`,
      `- ${users.length} bench users registered and signed in through the API, each following ${FOLLOWED_AUTHORS} authors with signed posts`,
    ].join('\n');
    const chosen = (scenario: Scenario) =>
      config.only.length === 0 || scenario.kind === 'baseline' || config.only.includes(scenario.key);
    log(`Scenarios (${config.connections} connections):`);
    for (const scenario of buildScenarios(fixtures).filter(chosen)) {
      const result = await measure(scenario, { app, bare }, config);
      measured.push({ scenario, result });
      if (scenario.key === 'vote') {
        const mismatches = await checkVoteCounters(client);
        const line = `vote counters on posts vs COUNT(*) of votes after the vote scenario: ${mismatches === 0 ? 'OK' : `MISMATCH (${mismatches} posts)`}`;
        log(`  ${line}`);
        checks.push(line);
      }
    }
    const overload = overloadScenario(config.overloadConnections);
    if (chosen(overload)) {
      log(`Overload (${config.overloadConnections} connections):`);
      measured.push({ scenario: overload, result: await measure(overload, { app, bare }, config) });
    }
    if (config.only.length === 0 || config.only.includes('refresh')) {
      log('Trend refresh, full size against 1 %:');
      refresh = await measureTrendRefresh(config, log);
    }
    const counters = await checkCounters(client);
    const line = `all counters (votes, comments, users.posts_count, hashtags.post_count) after every scenario: ${counters.ok ? 'OK' : `MISMATCH ${JSON.stringify(counters.mismatches)}`} (${counters.totals.votes.toLocaleString('en')} votes, ${counters.totals.comments.toLocaleString('en')} comments)`;
    log(`  ${line}`);
    checks.push(line);
  } finally {
    await app.stop();
    await bare.stop();
    await client.end();
  }

  const byKey = new Map(measured.map(({ scenario, result }) => [scenario.key, result]));
  const raw = byKey.get('raw')!;
  const table = scenarioTable(measured, raw);
  const targets = [...evaluateTargets(byKey, measured), ...refreshTargets(refresh)];
  const overload = byKey.get('overload');
  const health = byKey.get('health');
  const bareHttp = byKey.get('bare')!;
  const following = byKey.get('feedFollowing');
  const globalFeeds = [
    ['signed-in feed', byKey.get('feedSignedIn')],
    ['visitor feed', byKey.get('feed')],
  ] as const;
  const peakRss = Math.max(
    ...measured.map(({ scenario, result }) => (scenario.server === 'app' ? (result.peakRssMb ?? 0) : 0)),
  );
  const summary = [
    ...(health
      ? [
          `- health vs bare node:http: ${(health.requestsPerSecond / bareHttp.requestsPerSecond).toFixed(2)} of its req/s`,
        ]
      : []),
    ...(following
      ? globalFeeds.flatMap(([name, global]) =>
          global
            ? [
                `- following feed vs ${name} (same run): ${(following.requestsPerSecond / global.requestsPerSecond).toFixed(2)} of its req/s (${following.requestsPerSecond.toFixed(0)} vs ${global.requestsPerSecond.toFixed(0)}), p50 ${following.p50} vs ${global.p50} ms`,
              ]
            : [],
        )
      : []),
    ...(overload
      ? [
          `- overload (${config.overloadConnections} connections on the visitor feed): ${overload.requestsPerSecond.toFixed(0)} req/s, p50 ${overload.p50} ms, p99 ${overload.p99} ms, max ${overload.max} ms, ${overload.timeouts} timeouts, ${overload.statusCodes['503'] ?? 0} × 503, ${overload.errors} connection errors, status codes ${JSON.stringify(overload.statusCodes)}`,
        ]
      : []),
    `- server RSS under load: peak ${peakRss.toFixed(0)} MiB (VmRSS of the server process, sampled every 200 ms)`,
    ...checks.map((check) => `- ${check}`),
  ].join('\n');

  log('');
  log(table);
  log('');
  log(targetTable(targets));
  log('');
  log(summary);

  const date = started.toISOString().slice(0, 10);
  const file = path.join(repoRoot, 'bench/results', `${date}.md`);
  mkdirSync(path.dirname(file), { recursive: true });
  const sizes = Object.entries(config.sizes).map(([name, count]) => `${count.toLocaleString('en')} ${name}`);
  const subset =
    config.only.length > 0 ? ` Only ${config.only.join(', ')} and the baselines (BENCH_ONLY).` : '';
  const dataLine = `Data: scale ${config.scale}: ${sizes.join(', ')}. ${config.connections} connections, ${config.durationSeconds} s per scenario after a short warm-up.${subset}`;
  const section = [
    `## Run of ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `Machine: ${host.cores} cores (${host.cpu}), ${host.memoryGiB} GiB RAM, Node ${host.node}, PostgreSQL ${host.postgres}; load average at the start ${host.load}. The load generator (autocannon, one thread), the server and PostgreSQL share these cores.`,
    '',
    dataLine,
    '',
    '### Seeding',
    '',
    seedSection(timings),
    '',
    '### Scenarios',
    '',
    table,
    '',
    fixturesNote,
    '',
    ...(refresh.length > 0 ? ['### Trend refresh', '', refreshTable(refresh), ''] : []),
    '### Targets',
    '',
    targetTable(targets),
    '',
    summary,
    '',
  ].join('\n');
  const previous = existsSync(file) ? readFileSync(file, 'utf8') : `# Benchmark results, ${date}\n\n`;
  writeFileSync(file, `${previous}${previous.endsWith('\n\n') ? '' : '\n'}${section}`);
  log(`\nWritten to ${path.relative(repoRoot, file)}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});

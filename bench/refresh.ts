/**
 * What one refresh of the trend rankings costs (the work the one-minute caches of trending posts and trending
 * hashtags do in the background), on the full data set and on the same data set at 1 %, read by the server's own
 * queries. The target: the refresh at 1,000,000 posts costs at most twice what it costs at 10,000.
 */
import { openDatabase, type DatabaseHandle } from '../apps/server/src/db/client';
import * as hashtags from '../apps/server/src/modules/hashtags/hashtags.repository';
import { rankTrendingPosts } from '../apps/server/src/modules/trends/trends.repository';
import { MIGRATIONS, smallConfig, type BenchConfig } from './config';
import { markdownTable, type TargetCheck } from './report';
import { seedBenchDatabase, seededSizes, type Log } from './seed';

const WARM_UP = 5;
const RUNS = 51;
const PERIODS = [1, 7, 30] as const;
const TRENDING_HASHTAGS = 10;

export interface RefreshCost {
  label: string;
  /** Median milliseconds of one refresh, full size and 1 %. */
  fullMs: number;
  smallMs: number;
}

type Refresh = (db: DatabaseHandle['db']) => Promise<unknown>;

/**
 * The trending hashtags' refresh as the service does it: the uses that have left the periods counted out, the
 * ranking, then the daily series of the top tags.
 */
async function refreshHashtags(db: DatabaseHandle['db'], days: number) {
  await hashtags.rollOffTrends(db);
  const top = await hashtags.trendingHashtags(db, days, TRENDING_HASHTAGS);
  await Promise.all([
    hashtags.dailyAuthors(
      db,
      top.map((tag) => tag.id),
      days,
    ),
    hashtags.periodDays(db, days),
  ]);
}

const REFRESHES: { label: string; run: Refresh }[] = PERIODS.flatMap((days) => [
  { label: `trending posts, ${days} d`, run: (db: DatabaseHandle['db']) => rankTrendingPosts(db, { days }) },
  { label: `trending hashtags, ${days} d`, run: (db: DatabaseHandle['db']) => refreshHashtags(db, days) },
]);

async function medianMs(run: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < WARM_UP; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

/** Seeds the 1 % data set when it is missing (a few seconds), then times every refresh on both. */
export async function measureTrendRefresh(config: BenchConfig, log: Log): Promise<RefreshCost[]> {
  const small = smallConfig(config);
  const existing = await seededSizes(small);
  if (JSON.stringify(existing) !== JSON.stringify(small.sizes)) {
    log(`Seeding ${small.database} (1 %):`);
    await seedBenchDatabase(small, () => undefined);
  }
  const [full, little] = await Promise.all([
    openDatabase({ databaseUrl: config.benchUrl, migrationsFolder: MIGRATIONS, poolSize: 2 }),
    openDatabase({ databaseUrl: small.benchUrl, migrationsFolder: MIGRATIONS, poolSize: 2 }),
  ]);
  try {
    // A data set seeded before the latest migrations gets them, as the server would apply them.
    await full.migrate();
    await little.migrate();
    const costs: RefreshCost[] = [];
    for (const refresh of REFRESHES) {
      const fullMs = await medianMs(() => refresh.run(full.db));
      const smallMs = await medianMs(() => refresh.run(little.db));
      log(
        `  ${refresh.label.padEnd(28)} ${fullMs.toFixed(2).padStart(8)} ms at full size, ${smallMs.toFixed(2).padStart(7)} ms at 1 %  (× ${(fullMs / smallMs).toFixed(1)})`,
      );
      costs.push({ label: refresh.label, fullMs, smallMs });
    }
    return costs;
  } finally {
    await Promise.all([full.close(), little.close()]);
  }
}

export function refreshTable(costs: RefreshCost[]): string {
  return markdownTable(
    ['refresh (server queries, median of 15)', 'full size ms', '1 % ms', 'full ÷ 1 %'],
    costs.map((cost) => [
      cost.label,
      cost.fullMs.toFixed(2),
      cost.smallMs.toFixed(2),
      (cost.fullMs / cost.smallMs).toFixed(2),
    ]),
  );
}

export function refreshTargets(costs: RefreshCost[]): TargetCheck[] {
  return costs.map((cost) => ({
    target: `refresh of ${cost.label}: full size vs 1 %`,
    figure: `${(cost.fullMs / cost.smallMs).toFixed(2)} × (${cost.fullMs.toFixed(1)} vs ${cost.smallMs.toFixed(1)} ms)`,
    goal: '≤ 2',
    pass: cost.fullMs / cost.smallMs <= 2,
  }));
}

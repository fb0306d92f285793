/** Sizes, names and knobs of one benchmark run, read once from the environment. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The server's SQL migrations, which the benchmark applies to its own databases. */
export const MIGRATIONS = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../apps/server/drizzle',
);

export const BENCH_DATABASE = 'ray_bench';
/** The same data set at 1 % (10,000 posts), against which the cost of a trend refresh is compared. */
export const SMALL_DATABASE = 'ray_bench_small';
export const SMALL_SCALE = 0.01;

/** Full-size data set; BENCH_SCALE multiplies every count (0.01 for a quick run). */
export const FULL_SIZE = {
  users: 100_000,
  posts: 1_000_000,
  votes: 5_000_000,
  comments: 1_000_000,
  bookmarks: 500_000,
  hashtags: 20_000,
} as const;

export type Sizes = { [K in keyof typeof FULL_SIZE]: number };

export interface BenchConfig {
  adminUrl: string;
  /** The database seeded and measured, and its address. */
  database: string;
  benchUrl: string;
  scale: number;
  sizes: Sizes;
  durationSeconds: number;
  connections: number;
  overloadConnections: number;
  /** Keep an already seeded ray_bench of the same scale instead of seeding again. */
  reuseDatabase: boolean;
  /** Scenario keys to run (the baselines always run); empty for all of them. */
  only: string[];
}

function positiveNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`${name} must be a positive number, got "${raw}"`);
  return value;
}

export function sizesFor(scale: number): Sizes {
  const scaled = (count: number, minimum: number) => Math.max(minimum, Math.round(count * scale));
  return {
    users: scaled(FULL_SIZE.users, 200),
    posts: scaled(FULL_SIZE.posts, 1_000),
    votes: scaled(FULL_SIZE.votes, 5_000),
    comments: scaled(FULL_SIZE.comments, 1_000),
    bookmarks: scaled(FULL_SIZE.bookmarks, 500),
    hashtags: scaled(FULL_SIZE.hashtags, 100),
  };
}

function databaseUrl(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** The 1 % data set of a run, seeded by the same code into its own database. */
export function smallConfig(config: BenchConfig): BenchConfig {
  return {
    ...config,
    database: SMALL_DATABASE,
    benchUrl: databaseUrl(config.adminUrl, SMALL_DATABASE),
    scale: SMALL_SCALE,
    sizes: sizesFor(SMALL_SCALE),
  };
}

export function readConfig(): BenchConfig {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl || !/^postgres(ql)?:\/\//.test(adminUrl)) {
    throw new Error(
      'npm run bench needs DATABASE_URL=postgres://user@host:port/db of a PostgreSQL server on which it may ' +
        `create (and drop) the database ${BENCH_DATABASE}; the embedded database is not benchmarked.`,
    );
  }
  const scale = positiveNumber('BENCH_SCALE', 1);
  if (scale > 1) throw new Error('BENCH_SCALE is at most 1 (the full size)');
  return {
    adminUrl,
    database: BENCH_DATABASE,
    benchUrl: databaseUrl(adminUrl, BENCH_DATABASE),
    scale,
    sizes: sizesFor(scale),
    durationSeconds: positiveNumber('BENCH_DURATION', 10),
    connections: 50,
    overloadConnections: 500,
    reuseDatabase: process.env.BENCH_REUSE_DB === 'true',
    only: (process.env.BENCH_ONLY ?? '')
      .split(',')
      .map((key) => key.trim())
      .filter(Boolean),
  };
}

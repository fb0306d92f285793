/** Sizes and knobs of one real-time benchmark run, read once from the environment. */

export const REALTIME_BENCH_DATABASE = 'ray_bench_realtime';
const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';

export interface RealtimeBenchConfig {
  /** A database of the PostgreSQL server on which ray_bench_realtime may be created and dropped. */
  adminUrl: string;
  benchUrl: string;
  /** Phase A: sockets connected while comments are measured. */
  smallSockets: number;
  /** Phase B: sockets connected while comments are measured, and whose idle memory is measured. */
  largeSockets: number;
  /** Comments measured in each of phases A and B. */
  comments: number;
  /** Comments started per second (open loop), at most `concurrency` of them in flight. */
  rate: number;
  concurrency: number;
  /** Phase C: sockets connected while Redis restarts, comments per second and seconds of the stream. */
  restartSockets: number;
  restartRate: number;
  restartSeconds: number;
  redisDownSeconds: number;
  /** Seconds the large set of sockets stays idle before its memory is read. */
  idleSeconds: number;
  /** Voters of the poll whose closing is fanned out in phase D, each with a socket. */
  fanoutSockets: number;
  /** The phases to run, of A, B (with the idle memory), C and D. */
  phases: Set<string>;
  /** Sockets opened at once while connecting. */
  connectBatch: number;
  /** Seed of the choice of commented posts, so two runs comment on the same owners. */
  seed: number;
}

function positiveInteger(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0)
    throw new Error(`${name} must be a positive whole number, got "${raw}"`);
  return value;
}

export function readConfig(): RealtimeBenchConfig {
  const adminUrl = process.env.DATABASE_URL || LOCAL_POSTGRES;
  if (!/^postgres(ql)?:\/\//.test(adminUrl)) {
    throw new Error(
      `npm run bench:realtime needs DATABASE_URL=postgres://user@host:port/db (default ${LOCAL_POSTGRES}) of a ` +
        `PostgreSQL server on which it may create (and drop) the database ${REALTIME_BENCH_DATABASE}.`,
    );
  }
  const url = new URL(adminUrl);
  url.pathname = `/${REALTIME_BENCH_DATABASE}`;
  return {
    adminUrl,
    benchUrl: url.toString(),
    smallSockets: positiveInteger('RT_SOCKETS_SMALL', 100),
    largeSockets: positiveInteger('RT_SOCKETS_LARGE', 5_000),
    comments: positiveInteger('RT_COMMENTS', 500),
    rate: positiveInteger('RT_RATE', 50),
    concurrency: positiveInteger('RT_CONCURRENCY', 20),
    restartSockets: positiveInteger('RT_RESTART_SOCKETS', 200),
    restartRate: positiveInteger('RT_RESTART_RATE', 20),
    restartSeconds: positiveInteger('RT_RESTART_SECONDS', 20),
    redisDownSeconds: positiveInteger('RT_REDIS_DOWN_SECONDS', 5),
    idleSeconds: positiveInteger('RT_IDLE_SECONDS', 5),
    connectBatch: positiveInteger('RT_CONNECT_BATCH', 250),
    fanoutSockets: positiveInteger('RT_SOCKETS_FANOUT', 10_000),
    phases: new Set(
      (process.env.RT_PHASES ?? 'A,B,C,D').split(',').map((phase) => phase.trim().toUpperCase()),
    ),
    seed: positiveInteger('RT_SEED', 20_240_601),
  };
}

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { Logger } from 'drizzle-orm/logger';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Repositories accept either the database or an open transaction. */
export type Executor = Database | Tx;

/** How busy the connections are (metrics): connections working for a query and queries waiting for one. */
export interface PoolStats {
  inUse: number;
  waiting: number;
}

export interface DatabaseHandle {
  kind: 'postgres' | 'pglite';
  db: Database;
  migrate(): Promise<void>;
  ping(): Promise<void>;
  pool(): PoolStats;
  /**
   * Runs `work` while holding the named lock, waiting for any other instance that holds it (start-up: migrations,
   * shared secrets, demo content), so that instances started together do it once, one after the other.
   */
  exclusive<T>(name: string, work: () => Promise<T>): Promise<T>;
  /** Runs `work` only if no other instance holds the named lock now (periodic jobs); undefined when skipped. */
  tryExclusive<T>(name: string, work: () => Promise<T>): Promise<T | undefined>;
  /** The embedded database only: a tarball of its data folder, uncompressed (db:backup; see db/backup.ts). */
  dump?: () => Promise<Blob>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** The SQL migrations (MIGRATIONS_DIR); required by migrate(). */
  migrationsFolder?: string | undefined;
  /** Directory of the embedded database; undefined keeps it in memory. */
  dataDir?: string | undefined;
  poolSize?: number;
  /** Sees every statement the app runs through Drizzle (tests count them). */
  logger?: Logger | undefined;
}

function migrationsOf(options: DatabaseOptions): string {
  if (!options.migrationsFolder) throw new Error('no migrations folder configured');
  return options.migrationsFolder;
}

/**
 * Session-level advisory locks on a connection of their own (outside the pool, which may be a single
 * connection that the work itself needs). A lock dies with its connection, so a crashed holder frees it.
 */
async function withAdvisoryLock<T>(
  databaseUrl: string,
  name: string,
  wait: boolean,
  work: () => Promise<T>,
): Promise<T | undefined> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5_000 });
  client.on('error', () => undefined);
  await client.connect();
  try {
    if (wait) await client.query('select pg_advisory_lock(hashtext($1))', [name]);
    else {
      const { rows } = await client.query<{ locked: boolean }>(
        'select pg_try_advisory_lock(hashtext($1)) as locked',
        [name],
      );
      if (!rows[0]?.locked) return undefined;
    }
    return await work();
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const databaseUrl = options.databaseUrl;
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 20,
      connectionTimeoutMillis: 2_000,
      idleTimeoutMillis: 30_000,
    });
    // A dropped connection must not crash the process; the next query reports the failure instead. Idle
    // clients report to the pool; a client checked out (between the statements of a transaction) reports to
    // itself, and an error event nobody listens to would end the process.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => {
      client.on('error', () => undefined);
    });
    const db = drizzlePg(pool, {
      schema,
      casing: 'snake_case',
      logger: options.logger,
    }) as unknown as Database;
    return {
      kind: 'postgres',
      db,
      migrate: () =>
        migratePg(drizzlePg(pool, { casing: 'snake_case' }), { migrationsFolder: migrationsOf(options) }),
      ping: async () => {
        await pool.query('select 1');
      },
      pool: () => ({ inUse: pool.totalCount - pool.idleCount, waiting: pool.waitingCount }),
      exclusive: async <T>(name: string, work: () => Promise<T>) =>
        (await withAdvisoryLock(databaseUrl, name, true, work)) as T,
      tryExclusive: (name, work) => withAdvisoryLock(databaseUrl, name, false, work),
      close: () => pool.end(),
    };
  }

  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    extensions: { pg_trgm },
  });
  // The embedded database runs one statement or transaction at a time and queues the rest behind a lock it keeps
  // private; counting the calls that Drizzle makes (every query and transaction goes through these two) gives
  // the same figures as a pool of one connection.
  let calls = 0;
  const counted = async <T>(work: () => Promise<T>): Promise<T> => {
    calls += 1;
    try {
      return await work();
    } finally {
      calls -= 1;
    }
  };
  const query = client.query.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = ((...args: Parameters<typeof query>) => counted(() => query(...args))) as typeof query;
  client.transaction = ((...args: Parameters<typeof transaction>) =>
    counted(() => transaction(...args))) as typeof transaction;
  const db = drizzlePglite(client, {
    schema,
    casing: 'snake_case',
    logger: options.logger,
  }) as unknown as Database;
  return {
    kind: 'pglite',
    db,
    migrate: () =>
      migratePglite(drizzlePglite(client, { casing: 'snake_case' }), {
        migrationsFolder: migrationsOf(options),
      }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    pool: () => ({ inUse: Math.min(calls, 1), waiting: Math.max(calls - 1, 0) }),
    // The embedded database belongs to this one process: nobody else can hold its locks.
    exclusive: (_name, work) => work(),
    tryExclusive: (_name, work) => work(),
    // After a checkpoint, so a restore has little log to replay; the files are read while the lock that every
    // query and transaction takes is held, so the copy falls between two transactions. Uncompressed, so the
    // lock is held only for the reading; the caller compresses.
    dump: async () => {
      await client.exec('CHECKPOINT');
      return client._runExclusiveTransaction(() => client.dumpDataDir('none'));
    },
    close: () => client.close(),
  };
}

export function embeddedDataDir(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}

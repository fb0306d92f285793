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
import { repoRoot } from '../env';
import * as schema from './schema';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Repositories accept either the database or an open transaction. */
export type Executor = Database | Tx;

export interface DatabaseHandle {
  kind: 'postgres' | 'pglite';
  db: Database;
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(repoRoot, 'apps/server/drizzle');

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** Directory of the embedded database; undefined keeps it in memory. */
  dataDir?: string | undefined;
  poolSize?: number;
  /** Sees every statement the app runs through Drizzle (tests count them). */
  logger?: Logger | undefined;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
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
      migrate: () => migratePg(drizzlePg(pool, { casing: 'snake_case' }), { migrationsFolder }),
      ping: async () => {
        await pool.query('select 1');
      },
      close: () => pool.end(),
    };
  }

  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    extensions: { pg_trgm },
  });
  const db = drizzlePglite(client, {
    schema,
    casing: 'snake_case',
    logger: options.logger,
  }) as unknown as Database;
  return {
    kind: 'pglite',
    db,
    migrate: () => migratePglite(drizzlePglite(client, { casing: 'snake_case' }), { migrationsFolder }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
  };
}

export function embeddedDataDir(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}

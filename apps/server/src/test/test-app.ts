import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Logger } from 'drizzle-orm/logger';
import type { FastifyInstance } from 'fastify';
import type { Post } from '@ray/shared/schemas/post';
import pg from 'pg';
import { buildApp } from '../app';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { loadEnv, type Env } from '../env';
import type { HubTimings } from '../lib/signalr-hub';

export interface TestApp {
  app: FastifyInstance;
  env: Env;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/**
 * A real app on a real, fresh database: in-memory PGlite by default, or a new PostgreSQL database created on
 * the server of DATABASE_URL (dropped afterwards), so test files never see each other's rows.
 */
export async function createTestApp(
  overrides: Record<string, string> = {},
  options: { sameDatabaseAs?: TestApp; queryLogger?: Logger; signalrTimings?: Partial<HubTimings> } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ray-test-'));
  const adminUrl = options.sameDatabaseAs ? undefined : process.env.DATABASE_URL;
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (adminUrl) {
    const name = `ray_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  }
  const env = loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    SEED_DEMO: 'false',
    PUBLIC_URL: 'http://localhost:3000',
    RATE_LIMIT_PER_MINUTE: '100000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl, DATABASE_POOL_SIZE: '5' } : {}),
    ...(options.sameDatabaseAs?.env.DATABASE_URL
      ? { DATABASE_URL: options.sameDatabaseAs.env.DATABASE_URL, DATABASE_POOL_SIZE: '5' }
      : {}),
    ...overrides,
  });
  const shared = options.sameDatabaseAs?.database;
  const database =
    shared ??
    (await openDatabase({
      databaseUrl: env.DATABASE_URL,
      migrationsFolder: env.MIGRATIONS_DIR,
      poolSize: env.DATABASE_POOL_SIZE,
      logger: options.queryLogger,
    }));
  if (!shared) await database.migrate();
  const app = await buildApp({ env, database, signalrTimings: options.signalrTimings });
  await app.ready();
  return {
    app,
    env,
    database,
    async close() {
      await app.close();
      if (shared) return;
      await database.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;
/**
 * Each registration comes from a client address of its own: registering is limited per address (as tightly as
 * failed sign-ins), and a test file registers more users than one address may. Random per process, so that runs
 * sharing one Redis do not meet either.
 */
const registrationAddress = addressesIn(`100.${64 + randomInt(64)}`);

export interface TestUser {
  userId: string;
  email: string;
  username: string;
  password: string;
  token: string;
  refreshToken: string;
}

export async function registerUser(
  app: FastifyInstance,
  overrides: Partial<{
    email: string;
    username: string;
    password: string;
    firstName: string;
    lastName: string;
  }> = {},
): Promise<TestUser> {
  counter += 1;
  const suffix = `${process.pid}${counter}${randomBytes(2).toString('hex')}`;
  const body = {
    email: overrides.email ?? `user${suffix}@example.com`,
    username: overrides.username ?? `u${suffix}`.slice(0, 20),
    password: overrides.password ?? 'Secret123',
    firstName: overrides.firstName ?? 'سارة',
    lastName: overrides.lastName ?? 'العتيبي',
  };
  const response = await app.inject({
    method: 'POST',
    url: '/api/account/register',
    payload: { ...body, confirmPassword: body.password },
    remoteAddress: registrationAddress(),
  });
  if (response.statusCode !== 201)
    throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  const json = response.json<{ token: string; refreshToken: string; userId: string }>();
  return {
    userId: json.userId,
    email: body.email,
    username: body.username,
    password: body.password,
    token: json.token,
    refreshToken: json.refreshToken,
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Publishes a post as the user through the API, as the app would, and answers it (anything but 201 throws). */
export async function publishPost(
  app: FastifyInstance,
  user: TestUser,
  payload: Record<string, unknown>,
): Promise<Post> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/posts',
    headers: bearer(user.token),
    payload,
  });
  if (response.statusCode !== 201) throw new Error(`post refused: ${response.statusCode} ${response.body}`);
  return response.json<Post>();
}

/**
 * A source of client addresses within one network (`10.7` → 10.7.0.1, 10.7.0.2, …), so that each test gets
 * its own and the per-address rate limits never leak between tests.
 */
export function addressesIn(network: string): () => string {
  let counter = 0;
  return () => {
    counter += 1;
    return `${network}.${Math.floor(counter / 250)}.${(counter % 250) + 1}`;
  };
}

/**
 * Asks `probe` again every 20 ms until it returns a value, for work that finishes in the background. Counts
 * attempts rather than reading the clock, so it also works while a test holds Date.now still.
 */
export async function eventually<T>(probe: () => Promise<T | undefined>, attempts = 250): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const value = await probe();
    if (value !== undefined) return value;
    if (attempt >= attempts) throw new Error(`still not there after ${attempts} attempts`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

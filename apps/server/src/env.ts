import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { readSocialProviders, type ProviderConfig } from './modules/social/providers';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const list = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  );

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
  DATA_DIR: z.string().min(1).default(path.join(repoRoot, 'data')),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  /** Redis stream that carries real-time events between instances. */
  REALTIME_STREAM: z.string().min(1).max(100).default('ray:realtime'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  JWT_ISSUER: z.string().min(1).default('ray'),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(86_400).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  SESSION_TTL_HOURS: z.coerce.number().int().min(1).max(720).default(24),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('رأي <no-reply@ray.local>'),
  SUPPORT_EMAIL: z.email().default('support@ray.local'),
  /** Compared with stored addresses, which are lower-cased at sign-up. */
  ADMIN_EMAILS: list.transform((emails) => emails.map((email) => email.toLowerCase())),
  CORS_ORIGINS: list,
  TRUST_PROXY: list,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: bool.default(true),
  WEB_DIST_DIR: z.string().min(1).default(path.join(repoRoot, 'apps/web/dist')),
  GEOCODER_URL: z.url().default('https://nominatim.openstreetmap.org'),
  /** API requests in progress before new ones are refused with 503 (default 64 embedded, 512 PostgreSQL). */
  MAX_IN_FLIGHT: z.coerce.number().int().min(1).max(100_000).optional(),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /** Serves the baseline routes of `npm run bench` (/bench/hello, /bench/raw); leave it off outside benchmarks. */
  BENCH_BASELINES: bool.default(false),
});

export type Env = z.infer<typeof envSchema> & {
  JWT_SECRET: string;
  PUBLIC_URL: string;
  /** Social sign-in providers with a client id and secret configured. */
  socialProviders: ProviderConfig[];
};

export class EnvError extends Error {}

/** Reads the environment once at start-up; a bad value stops the process with the variable's name. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(cleaned);
  const social = readSocialProviders(cleaned);
  if (!parsed.success || social.problems.length > 0) {
    const lines = [
      ...(parsed.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? []),
      ...social.problems,
    ].map((line) => `  ${line}`);
    throw new EnvError(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  return {
    ...env,
    JWT_SECRET: env.JWT_SECRET ?? localSecret(env.DATA_DIR),
    PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    socialProviders: social.providers,
  };
}

/** Without JWT_SECRET a random secret is generated once and kept beside the embedded database. */
function localSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

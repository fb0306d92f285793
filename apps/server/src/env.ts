import { createECDH } from 'node:crypto';
import path from 'node:path';
import { AD_AUTO_REFRESH, AD_REFRESH_INTERVAL_MS, INFINITE_SCROLL_THRESHOLDS } from '@ray/shared/constants';
import { z } from 'zod';
import { readSocialProviders, type ProviderConfig } from './modules/social/providers';

/** A path setting: relative paths are taken from the working directory the server starts in. */
const dir = (fallback: string) =>
  z
    .string()
    .min(1)
    .default(fallback)
    .transform((value) => path.resolve(value));

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
  DATA_DIR: dir('data'),
  /** The SQL migrations (apps/server/drizzle in the repository). */
  MIGRATIONS_DIR: dir('apps/server/drizzle'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  /** Put before every Redis key and stream, so that deployments can share one Redis. */
  REDIS_PREFIX: z
    .string()
    .max(50)
    .regex(/^[\w:.-]*$/, 'letters, digits and : . - _ only')
    .default('ray:'),
  /** Redis stream that carries real-time events between instances (default `<REDIS_PREFIX>realtime`). */
  REALTIME_STREAM: z.string().min(1).max(100).optional(),
  S3_ENDPOINT: z.url().optional(),
  /** Uploads go to this S3-compatible bucket when set, to DATA_DIR/uploads otherwise. */
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.default(false),
  /** Where browsers fetch media straight from the bucket or a CDN; without it the app streams them itself. */
  MEDIA_PUBLIC_URL: z
    .url()
    .regex(/^https?:\/\//, 'must start with http:// or https://')
    .transform((value) => value.replace(/\/+$/, ''))
    .optional(),
  /** Bearer token that /metrics asks for; without it the route is off. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
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
  /** The server's Web Push (VAPID) key pair, base64url; both or neither. Without them a pair is generated once. */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^B[\w-]{85}[AEIMQUYcgkosw048]$/, 'must be base64url of an uncompressed P-256 point (65 bytes)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[\w-]{42}[AEIMQUYcgkosw048]$/, 'must be base64url of a P-256 private key (32 bytes)')
    .optional(),
  /** Who push services may contact about this server's messages (default https PUBLIC_URL, else SUPPORT_EMAIL). */
  VAPID_SUBJECT: z
    .string()
    .refine(
      (value) =>
        /^mailto:[^\s@]+@[^\s@]+$/.test(value) || (URL.canParse(value) && value.startsWith('https://')),
      'must be a mailto: address or an https:// URL',
    )
    .optional(),
  /**
   * Origins of the push services subscriptions may point at, replacing the known ones (FCM, Mozilla, Apple,
   * Windows); compared exactly, and the only place where http:// is accepted (a local push service in tests).
   */
  WEB_PUSH_ALLOWED_ORIGINS: list.pipe(
    z.array(
      z
        .string()
        .refine(
          (value) =>
            URL.canParse(value) &&
            /^https?:$/.test(new URL(value).protocol) &&
            new URL(value).origin === value,
          'must be origins such as https://push.example.com, without a path',
        ),
    ),
  ),
  /** Compared with stored addresses, which are lower-cased at sign-up. */
  ADMIN_EMAILS: list.transform((emails) => emails.map((email) => email.toLowerCase())),
  CORS_ORIGINS: list,
  TRUST_PROXY: list,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: bool.default(true),
  WEB_DIST_DIR: dir('apps/web/dist'),
  GEOCODER_URL: z.url().default('https://nominatim.openstreetmap.org'),
  /** API requests in progress before new ones are refused with 503 (default 64 embedded, 512 PostgreSQL). */
  MAX_IN_FLIGHT: z.coerce.number().int().min(1).max(100_000).optional(),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /** Pixels an uploaded image may decode to, every frame of an animated GIF or WebP counted. */
  IMAGE_MAX_PIXELS: z.coerce.number().int().min(1).max(500_000_000).default(50_000_000),
  /** Seconds that processing one uploaded image may take before it is refused. */
  IMAGE_TIME_LIMIT_SECONDS: z.coerce.number().int().min(1).max(120).default(8),
  /** Images processed at the same time; at most UV_THREADPOOL_SIZE − 2, so password hashing finds a thread. */
  IMAGE_JOBS: z.coerce.number().int().min(1).max(64).default(1),
  /** Images waiting for their turn before more are refused with 503. */
  IMAGE_QUEUE: z.coerce.number().int().min(0).max(1_000).default(16),
  /** Images of one user being processed or waiting before more are refused with 429. */
  IMAGE_UPLOADS_PER_USER: z.coerce.number().int().min(1).max(20).default(2),
  /** Distance in px from the end of the home feed at which its next page loads. */
  INFINITE_SCROLL_FEED_PX: z.coerce.number().int().min(0).max(10_000).default(INFINITE_SCROLL_THRESHOLDS[0]),
  /** The same for the profile, my-posts and bookmarks lists. */
  INFINITE_SCROLL_LIST_PX: z.coerce.number().int().min(0).max(10_000).default(INFINITE_SCROLL_THRESHOLDS[1]),
  /** Ad placements fetch their ads again every ADS_REFRESH_INTERVAL_MS while on. */
  ADS_AUTO_REFRESH: bool.default(AD_AUTO_REFRESH),
  ADS_REFRESH_INTERVAL_MS: z.coerce.number().int().min(5_000).max(3_600_000).default(AD_REFRESH_INTERVAL_MS),
  /** Serves the baseline routes of `npm run bench` (/bench/hello, /bench/raw); leave it off outside benchmarks. */
  BENCH_BASELINES: bool.default(false),
});

export type Env = z.infer<typeof envSchema> & {
  PUBLIC_URL: string;
  REALTIME_STREAM: string;
  VAPID_SUBJECT: string;
  /** Social sign-in providers with a client id and secret configured. */
  socialProviders: ProviderConfig[];
};

export class EnvError extends Error {}

/** Whether the public key is the private key's own, so a pasted pair that does not match stops the start. */
function isKeyPair(publicKey: string, privateKey: string): boolean {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
    return ecdh.getPublicKey('base64url') === publicKey;
  } catch {
    return false;
  }
}

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
  if (env.S3_BUCKET && !env.S3_ACCESS_KEY_ID !== !env.S3_SECRET_ACCESS_KEY)
    throw new EnvError(
      'Invalid environment configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
    );
  if (!env.VAPID_PUBLIC_KEY !== !env.VAPID_PRIVATE_KEY)
    throw new EnvError(
      'Invalid environment configuration:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together',
    );
  if (
    env.VAPID_PUBLIC_KEY &&
    env.VAPID_PRIVATE_KEY &&
    !isKeyPair(env.VAPID_PUBLIC_KEY, env.VAPID_PRIVATE_KEY)
  )
    throw new EnvError(
      'Invalid environment configuration:\n  VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY',
    );
  // libuv's pool (4 threads unless set before start) runs both image steps and password hashes.
  const threads = Number(cleaned.UV_THREADPOOL_SIZE ?? 4);
  if (env.IMAGE_JOBS > threads - 2)
    throw new EnvError(
      `Invalid environment configuration:\n  IMAGE_JOBS: at most UV_THREADPOOL_SIZE − 2 (${threads - 2}), so that password hashing always finds a thread`,
    );
  return {
    ...env,
    PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    REALTIME_STREAM: env.REALTIME_STREAM ?? `${env.REDIS_PREFIX}realtime`,
    VAPID_SUBJECT:
      env.VAPID_SUBJECT ??
      (env.PUBLIC_URL?.startsWith('https://') ? env.PUBLIC_URL : `mailto:${env.SUPPORT_EMAIL}`),
    socialProviders: social.providers,
  };
}

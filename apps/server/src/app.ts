import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { embeddedDataDir, openDatabase, type DatabaseHandle } from './db/client';
import { serveBackupRequests } from './db/backup';
import { prepareDatabase } from './db/startup';
import type { Env } from './env';
import type { AppContext } from './lib/context';
import { BackgroundTasks } from './lib/background';
import { createCaches } from './lib/caches';
import { VoteBatches } from './modules/votes/vote-batches';
import { EXCERPT_LENGTH } from './modules/notifications/notifications.service';
import { PublicAnswers } from './lib/public-answers';
import { requestLogger } from './lib/request-logger';
import { Dependencies } from './lib/dependencies';
import { Metrics } from './lib/metrics';
import { RedisMonitor } from './lib/redis-monitor';
import { PeriodicJobs } from './lib/periodic';
import { createMailer } from './lib/mailer';
import { RateLimiter } from './lib/rate-limiter';
import { Realtime } from './lib/realtime';
import { SignalRHub, type HubTimings } from './lib/signalr-hub';
import { createStorage } from './lib/create-storage';
import { ImageWork } from './lib/image-work';
import { OpaqueHandles } from './lib/opaque-handles';
import { AccessTokens } from './lib/tokens';
import { UnsubscribeTokens } from './lib/unsubscribe-tokens';
import { VisitorIds } from './lib/visitor-ids';
import { api } from './modules/api-routes';
import { getAppConfig } from './modules/config/config.service';
import { SessionGuard } from './modules/account/session-guard';
import { digestJob } from './modules/digest/digest.job';
import { removeExpired } from './modules/maintenance/cleanup';
import { socialChallengeRoutes } from './modules/social/social.routes';
import { trendingNotifierJob } from './modules/trends/trending-notifier';
import { pollClosingJob } from './modules/posts/poll-closing';
import { createWebPush, vapidKeys } from './modules/push/push.service';
import { auth } from './plugins/auth';
import { benchBaselines } from './plugins/bench-baselines';
import { draining } from './plugins/draining';
import { errorHandling } from './plugins/errors';
import { inputGuard } from './plugins/input-guard';
import { metricsEndpoint } from './plugins/metrics';
import { requestBudget } from './plugins/rate-limit';
import { requestId, requestIdOptions } from './plugins/request-id';
import { security } from './plugins/security';
import { signalr } from './plugins/signalr';
import { web } from './plugins/web';

declare module 'fastify' {
  interface FastifyInstance {
    /** The periodic jobs of this instance (the tests run one by hand). */
    jobs: PeriodicJobs;
  }
}

export interface BuildOptions {
  env: Env;
  /** An already open database (tests); otherwise one is opened from the environment and closed with the app. */
  database?: DatabaseHandle;
  /** The SignalR hub's clocks (tests shorten them); the specification's by default. */
  signalrTimings?: Partial<HubTimings>;
}

/**
 * Query parameters that carry a secret: the links mailed for a reset or a confirmation, a provider's answer, the
 * access token a browser's SignalR client sends to the hub.
 */
const SECRET_QUERY = /([?&](?:access_token|token|code|state)=)[^&#]*/gi;

/** The request as logged: its address without the secrets some links carry. */
export function loggedRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: request.url.replace(SECRET_QUERY, '$1[redacted]'),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket.remotePort,
  };
}

function loggerOptions(env: Env) {
  const redact = ['req.headers.authorization', 'req.headers.cookie', 'body.password', 'body.refreshToken'];
  const serializers = { req: loggedRequest };
  if (env.NODE_ENV === 'development') {
    return {
      level: env.LOG_LEVEL,
      redact,
      serializers,
      transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } },
    };
  }
  return {
    level: env.NODE_ENV === 'test' && !process.env.LOG_LEVEL ? 'silent' : env.LOG_LEVEL,
    redact,
    serializers,
  };
}

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { env } = options;
  const app = Fastify({
    logger: loggerOptions(env),
    bodyLimit: 100 * 1024,
    trustProxy: env.TRUST_PROXY.length > 0 ? env.TRUST_PROXY : false,
    ...requestIdOptions(env.TRUST_PROXY),
    routerOptions: { maxParamLength: 300 },
    childLoggerFactory: requestLogger,
    return503OnClosing: true,
    // Shutting down, busy connections are not cut: they end after an answer carrying `Connection: close`, and
    // idle ones are ended as the drain begins, while the port is still open (plugins/draining.ts).
    forceCloseConnections: false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(requestId);
  const metrics = new Metrics({ processMetrics: env.METRICS_TOKEN !== undefined });

  const ownsDatabase = !options.database;
  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: env.DATABASE_URL,
      dataDir: embeddedDataDir(env.DATA_DIR),
      migrationsFolder: env.MIGRATIONS_DIR,
      poolSize: env.DATABASE_POOL_SIZE,
    }));
  // Opening the pool connects to nothing: one connection now makes a bad DATABASE_URL the first and only thing
  // the process says (server.ts turns the error into one line).
  if (ownsDatabase) await database.ping();
  const storage = await createStorage(env);
  // A database handed in (tests) is already migrated; an owned one is brought up to date here.
  const tokenSecret = await prepareDatabase(database, {
    migrate: ownsDatabase,
    jwtSecret: env.JWT_SECRET,
    dataDir: env.DATA_DIR,
    seedDemo: ownsDatabase && env.SEED_DEMO,
    adminEmails: env.ADMIN_EMAILS,
    storage,
    logger: app.log,
  });

  // `npm run db:backup` asks the one process that can read the embedded database for its copy.
  const stopBackups =
    ownsDatabase && database.dump && env.NODE_ENV !== 'test'
      ? serveBackupRequests({ dump: database.dump, dataDir: env.DATA_DIR, logger: app.log })
      : undefined;

  const tokens = new AccessTokens({
    secret: tokenSecret,
    issuer: env.JWT_ISSUER,
    audience: 'ray-api',
    accessTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
  });
  const sessions = new SessionGuard(database.db);
  const signalrHub = new SignalRHub({
    tokens,
    sessions,
    secret: tokenSecret,
    logger: app.log,
    timings: options.signalrTimings,
  });
  const realtime = new Realtime(app.server, {
    tokens,
    sessions,
    logger: app.log,
    metrics,
    signalr: signalrHub,
  });
  // The Redis clients below report their errors to the monitor, which logs an outage once, not once per client.
  const redis = env.REDIS_URL
    ? { url: env.REDIS_URL, monitor: new RedisMonitor(env.REDIS_URL, app.log) }
    : null;
  if (redis) {
    realtime.useRedis(redis.url, { prefix: env.REDIS_PREFIX, stream: env.REALTIME_STREAM }, redis.monitor);
    sessions.shareThrough(redis.url, `${env.REDIS_PREFIX}revoked-sessions`, {
      errors: redis.monitor,
      logger: app.log,
    });
  }
  const publicAnswers = new PublicAnswers();
  if (redis)
    publicAnswers.shareThrough(redis.url, `${env.REDIS_PREFIX}public-evictions`, {
      errors: redis.monitor,
      logger: app.log,
    });
  // Every limit, the general one on /api and pages included, counts across instances when Redis is configured.
  const limiter = new RateLimiter(
    redis ? { url: redis.url, errors: redis.monitor, prefix: env.REDIS_PREFIX } : undefined,
  );
  const budget = requestBudget(limiter, env.RATE_LIMIT_PER_MINUTE);
  const dependencies = new Dependencies({
    database: () => database.ping(),
    storage: () => storage.check(),
    redis: redis?.monitor,
    logger: app.log,
  });
  metrics.labelledGauge(
    'dependency_up',
    'Whether a shared dependency answers (1) or not (0); Redis has no series when REDIS_URL is not set',
    'dependency',
    async () => {
      const states = await dependencies.states();
      const value = (state: string) => (state === 'off' ? undefined : state === 'up' ? 1 : 0);
      return { database: value(states.database), redis: value(states.redis), storage: value(states.storage) };
    },
  );
  metrics.gauge(
    'db_pool_connections_in_use',
    'Database connections working for a query or transaction',
    () => database.pool().inUse,
  );
  metrics.gauge(
    'db_pool_requests_waiting',
    'Queries and transactions waiting for a database connection',
    () => database.pool().waiting,
  );
  metrics.gauge('realtime_open_sockets', 'Real-time connections open on this instance', () =>
    realtime.openSockets(),
  );
  metrics.gauge('signalr_open_connections', 'SignalR WebSockets open on this instance', () =>
    signalrHub.openConnections(),
  );
  const images = new ImageWork({
    maxPixels: env.IMAGE_MAX_PIXELS,
    timeoutSeconds: env.IMAGE_TIME_LIMIT_SECONDS,
    jobs: env.IMAGE_JOBS,
    queue: env.IMAGE_QUEUE,
    perUser: env.IMAGE_UPLOADS_PER_USER,
  });
  metrics.gauge(
    'image_jobs_running',
    'Uploaded images being processed, which IMAGE_JOBS bounds',
    () => images.running,
  );
  metrics.gauge(
    'image_jobs_queued',
    'Uploaded images waiting for their turn, which IMAGE_QUEUE bounds',
    () => images.queued,
  );
  const ctx: AppContext = {
    env,
    database,
    tokens,
    visitors: new VisitorIds(tokenSecret),
    handles: new OpaqueHandles(tokenSecret, ['post', 'comment'], 'content authors'),
    sessions,
    limiter,
    mailer: createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, logger: app.log }),
    unsubscribe: new UnsubscribeTokens(tokenSecret),
    storage,
    images,
    realtime,
    push: createWebPush(env, await vapidKeys(database.db, env)),
    logger: app.log,
    background: new BackgroundTasks(app.log),
    metrics,
    dependencies,
    caches: createCaches(),
    publicAnswers,
    votes: new VoteBatches(database.db, EXCERPT_LENGTH),
  };
  app.decorate('ctx', ctx);

  // Cross-cutting plugins, in the order their hooks run; then the API, the social sign-in challenge and the web app.
  await app.register(errorHandling);
  await app.register(security, { corsOrigins: env.CORS_ORIGINS, mediaPublicUrl: env.MEDIA_PUBLIC_URL });
  await app.register(swagger, {
    openapi: {
      info: {
        title: "Ra'y API",
        description: 'Identity service (/api/account) and main API (/api) of رأي.',
        version: '1.0.0',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  await app.register(draining, {
    onRefused: () => {
      metrics.shed.inc({ reason: 'draining' });
    },
  });
  await app.register(metricsEndpoint, { token: env.METRICS_TOKEN, metrics });
  await app.register(auth);
  await app.register(inputGuard);

  await app.register(api, {
    prefix: '/api',
    maxInFlight: env.MAX_IN_FLIGHT ?? (database.kind === 'pglite' ? 64 : 512),
    metrics,
    budget,
  });
  await app.register(socialChallengeRoutes);
  await app.register(signalr, { hub: signalrHub, budget });

  if (env.BENCH_BASELINES) await app.register(benchBaselines);

  await app.register(web, {
    storage,
    answers: ctx.publicAnswers,
    pageBudget: budget,
    webDistDir: env.WEB_DIST_DIR,
    runtimeConfig: () => ({
      apiBaseUrl: '',
      identityBaseUrl: '',
      socialProviders: env.socialProviders.map((item) => item.provider),
      features: { darkMode: false, beta: false },
      infiniteScroll: { feedPx: env.INFINITE_SCROLL_FEED_PX, listPx: env.INFINITE_SCROLL_LIST_PX },
      ads: { autoRefresh: env.ADS_AUTO_REFRESH, refreshIntervalMs: env.ADS_REFRESH_INTERVAL_MS },
    }),
    renderPages: async () => !(await getAppConfig(app.ctx)).maintenanceMode,
    darkMode: async () => (await getAppConfig(app.ctx)).darkMode,
  });

  const jobs = new PeriodicJobs({
    tryExclusive: (lock, work) => database.tryExclusive(lock, work),
    logger: app.log,
    observe: (job, seconds, outcome) => {
      metrics.jobDuration.observe({ job, outcome }, seconds);
    },
  });
  app.decorate('jobs', jobs);
  if (env.NODE_ENV !== 'test') {
    jobs.start(trendingNotifierJob(ctx));
    jobs.start(pollClosingJob(ctx));
    jobs.start(digestJob(ctx));
    jobs.start({ name: 'remove-expired', intervalMs: 3600_000, run: () => removeExpired(database.db) });
  }
  app.addHook('preClose', async () => {
    await jobs.stop();
    realtime.disconnectLocal();
  });
  app.addHook('onClose', async () => {
    await ctx.background.drain();
    await realtime.close();
    await ctx.limiter.close();
    await sessions.close();
    await publicAnswers.close();
    ctx.mailer.close();
    await redis?.monitor.close();
    await stopBackups?.();
    if (ownsDatabase) await database.close();
  });
  return app;
}

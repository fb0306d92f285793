import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/client';
import type { Env } from '../env';
import type { SessionGuard } from '../modules/account/session-guard';
import type { BackgroundTasks } from './background';
import type { Mailer } from './mailer';
import type { RateLimiter } from './rate-limiter';
import type { Realtime } from './realtime';
import type { FileStorage } from './storage';
import type { AccessTokens } from './tokens';

/** The process-wide services every module works with, built once by buildApp. */
export interface AppContext {
  env: Env;
  database: DatabaseHandle;
  tokens: AccessTokens;
  sessions: SessionGuard;
  limiter: RateLimiter;
  mailer: Mailer;
  storage: FileStorage;
  realtime: Realtime;
  logger: FastifyBaseLogger;
  background: BackgroundTasks;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

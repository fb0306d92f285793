import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/client';
import type { Env } from '../env';
import type { SessionGuard } from '../modules/account/session-guard';
import type { VoteBatches } from '../modules/votes/vote-batches';
import type { BackgroundTasks } from './background';
import type { Caches } from './caches';
import type { Dependencies } from './dependencies';
import type { ImageWork } from './image-work';
import type { Mailer } from './mailer';
import type { Metrics } from './metrics';
import type { RateLimiter } from './rate-limiter';
import type { Realtime } from './realtime';
import type { OpaqueHandles } from './opaque-handles';
import type { PublicAnswers } from './public-answers';
import type { FileStorage } from './storage';
import type { AccessTokens } from './tokens';
import type { UnsubscribeTokens } from './unsubscribe-tokens';
import type { VisitorIds } from './visitor-ids';
import type { WebPush } from './web-push';

/** The process-wide services every module works with, built once by buildApp. */
export interface AppContext {
  env: Env;
  database: DatabaseHandle;
  tokens: AccessTokens;
  /** Signs the ids given to anonymous visitors, who are counted once per ad and window. */
  visitors: VisitorIds;
  /** Per-item handles of the authors of anonymous posts and comments, for staff to act through. */
  handles: OpaqueHandles<'post' | 'comment'>;
  sessions: SessionGuard;
  limiter: RateLimiter;
  mailer: Mailer;
  /** Signs and opens the one-click unsubscribe links of list mail (the digest). */
  unsubscribe: UnsubscribeTokens;
  storage: FileStorage;
  /** Uploaded images are processed here, a few at a time, apart from other work. */
  images: ImageWork;
  realtime: Realtime;
  /** Sends Web Push messages to the allowed push services, signed with the server's VAPID key. */
  push: WebPush;
  logger: FastifyBaseLogger;
  background: BackgroundTasks;
  metrics: Metrics;
  /** Database, Redis and storage as /api/ready and /metrics report them. */
  dependencies: Dependencies;
  /** Results kept for a moment; each app has its own, bounded, so test apps never share them. */
  caches: Caches;
  /** The answers that are the same for every visitor, and the evictions of what writes change. */
  publicAnswers: PublicAnswers;
  /** Writes votes, those that arrive together in one statement. */
  votes: VoteBatches;
}

/**
 * The context with the logger of one request, for use cases that log about the request they serve: their lines
 * then carry its request id like Fastify's own.
 */
export function forRequest(ctx: AppContext, request: { log: FastifyBaseLogger }): AppContext {
  return { ...ctx, logger: request.log };
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

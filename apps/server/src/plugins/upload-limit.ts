import { AppError } from '../lib/app-error';
import type { AppContext } from '../lib/context';

/** Images one user may upload in ten minutes: each costs a decode and two encodes (lib/images.ts). */
export const UPLOADS_PER_USER = { max: 20, windowSeconds: 10 * 60 };

/** Counts an upload against its user's limit before a byte of it is read; 429 with Retry-After past it. */
export async function reserveUpload(ctx: AppContext, userId: string): Promise<void> {
  const wait = await ctx.limiter.take([{ key: `upload:user:${userId}`, ...UPLOADS_PER_USER }]);
  if (wait > 0) throw new AppError('RATE_LIMITED', { retryAfterSeconds: wait });
}

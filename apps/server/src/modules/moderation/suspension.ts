import { msg } from '@ray/shared/messages.ar';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { formatSuspensionEnd } from '../../lib/timestamps';
import { runningSuspension } from './moderation.repository';

/**
 * Refuses a write (post, comment, vote, and their edits) from a user a moderator suspended, with 403 and the
 * date the suspension ends. Checked on the server for every such write, whatever the client shows (votes check it
 * inside `cast_vote`).
 */
export async function assertNotSuspended(db: Executor, userId: string): Promise<void> {
  const until = await runningSuspension(db, userId);
  if (until) throw suspendedError(until);
}

/** The refusal of a suspended user's write, naming the day and hour it ends. */
export function suspendedError(until: Date): AppError {
  return new AppError('ACCOUNT_SUSPENDED', { message: msg.accountSuspended(formatSuspensionEnd(until)) });
}

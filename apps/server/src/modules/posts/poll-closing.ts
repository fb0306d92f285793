import type { AppContext } from '../../lib/context';
import type { PeriodicJob } from '../../lib/periodic';
import { deliverNotifications, EXCERPT_LENGTH } from '../notifications/notifications.service';
import { closeDuePolls } from './poll-closing.repository';

/** Polls closed per transaction: a backlog is worked through in short transactions rather than one long one. */
const BATCH = 100;
const INTERVAL_MS = 60_000;

/**
 * Tells the voters and the author of every poll that ended by `now` (once each), batch by batch, and pushes the
 * notices after each batch's commit. Returns how many polls it closed. `now` is a parameter so that a test can
 * run it with a clock of its own; cast_vote refuses votes after the end by the database's clock either way.
 */
export async function notifyClosedPolls(ctx: AppContext, now: Date = new Date()): Promise<number> {
  let closed = 0;
  for (;;) {
    const batch = await ctx.database.db.transaction((tx) => closeDuePolls(tx, now, BATCH, EXCERPT_LENGTH));
    closed += batch.polls;
    await deliverNotifications(ctx, batch.notified);
    if (batch.polls < BATCH) return closed;
  }
}

/** The check, every minute, on one instance at a time. */
export function pollClosingJob(ctx: AppContext, clock: () => Date = () => new Date()): PeriodicJob {
  return { name: 'poll-closing', intervalMs: INTERVAL_MS, run: () => notifyClosedPolls(ctx, clock()) };
}

import type { AppContext } from '../../lib/context';
import type { PeriodicJob } from '../../lib/periodic';
import { sendDigests } from './digest.service';

/** Often enough that a digest arrives within minutes of 08:00 in every zone, half-hour zones included. */
const INTERVAL_MS = 5 * 60_000;

/** The e-mail digests, every five minutes, on one instance at a time; `clock` lets a test choose the time. */
export function digestJob(ctx: AppContext, clock: () => Date = () => new Date()): PeriodicJob {
  return { name: 'email-digest', intervalMs: INTERVAL_MS, run: () => sendDigests(ctx, clock()) };
}

import { plural } from '@ray/shared/plural';
import { postTruthStrings } from '@/i18n/post-truth.ar';
import { formatNumber } from '@/lib/format';

const MINUTE = 60_000;

const text = postTruthStrings.poll;

/** Whether a poll has ended by `now`: the server's rule, closed from the instant of its end. */
export function isPollClosed(closesAt: string | null, now: number): boolean {
  return closesAt !== null && Date.parse(closesAt) <= now;
}

/**
 * What a poll with an end says about it: «انتهى الاستطلاع» once ended, otherwise the time left in its largest
 * whole unit, agreeing with its number («يتبقى ساعتان», «يتبقى 3 ساعات», «يتبقى يومان»). Null for an open poll.
 */
export function pollTimeLeft(closesAt: string | null, now: number): string | null {
  if (closesAt === null) return null;
  const left = Date.parse(closesAt) - now;
  if (left <= 0) return text.closed;
  // Whole minutes, counted up (a poll with seconds left still has «دقيقة واحدة»), then whole hours and days.
  const minutes = Math.ceil(left / MINUTE);
  if (minutes < 60) return text.left(plural(minutes, text.minutes, formatNumber));
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return text.left(plural(hours, text.hours, formatNumber));
  return text.left(plural(Math.floor(hours / 24), text.days, formatNumber));
}

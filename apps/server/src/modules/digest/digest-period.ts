import { DEFAULT_TIME_ZONE, type DigestFrequency } from '@ray/shared/notification-preferences';

/** The local hour from which a day's (or a week's) digest goes out: the reader's morning. */
export const DIGEST_HOUR = 8;
/**
 * The weekly digest goes out on Sunday, the first day of the Saudi working week (Sunday to Thursday), so that it
 * opens the reader's week rather than closing it. 0 is Sunday, as in `Date.getUTCDay()`.
 */
export const WEEKLY_DAY = 0;

const DAY_MS = 86_400_000;
export const PERIOD_MS: Record<Exclude<DigestFrequency, 'off'>, number> = {
  daily: DAY_MS,
  weekly: 7 * DAY_MS,
};

interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** 0 Sunday … 6 Saturday. */
  weekday: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The zone itself when the runtime knows it, else Saudi time: a stored zone the runtime lacks must not stop a run. */
export function usableZone(timeZone: string): string {
  try {
    formatterFor(timeZone);
    return timeZone;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

function localParts(date: Date, timeZone: string): LocalParts {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(date))
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  const { year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = parts;
  return {
    year,
    month,
    day,
    hour,
    minute,
    second,
    weekday: new Date(Date.UTC(year, month - 1, day)).getUTCDay(),
  };
}

/** The instant at which the wall clock of `timeZone` shows the given date and hour (the later one across a DST jump). */
function instantOf(year: number, month: number, day: number, hour: number, timeZone: string): Date {
  const wall = Date.UTC(year, month - 1, day, hour);
  let guess = wall;
  // Two corrections settle any offset, a change of offset between the guess and the answer included.
  for (let step = 0; step < 2; step++) {
    const seen = localParts(new Date(guess), timeZone);
    const shown = Date.UTC(seen.year, seen.month - 1, seen.day, seen.hour, seen.minute, seen.second);
    guess += wall - shown;
  }
  return new Date(guess);
}

/**
 * The digest due at `now` for a reader in `timeZone`: the start of its period (08:00 local today, on Sunday only
 * for a weekly reader), or null when none is due yet. A period's digest can go out from that moment until the end
 * of the local day; a day the job could not run at all is not made up the next morning, which brings the next one.
 */
export function periodStart(
  frequency: Exclude<DigestFrequency, 'off'>,
  timeZone: string,
  now: Date,
): Date | null {
  const local = localParts(now, timeZone);
  if (local.hour < DIGEST_HOUR) return null;
  if (frequency === 'weekly' && local.weekday !== WEEKLY_DAY) return null;
  return instantOf(local.year, local.month, local.day, DIGEST_HOUR, timeZone);
}

/**
 * Where a digest's content starts: the previous digest, unless it is older than one period before this one (or
 * there was none), in which case one period's worth.
 */
export function contentSince(
  frequency: Exclude<DigestFrequency, 'off'>,
  start: Date,
  previous: Date | null,
): Date {
  const floor = new Date(start.getTime() - PERIOD_MS[frequency]);
  return previous && previous > floor ? previous : floor;
}

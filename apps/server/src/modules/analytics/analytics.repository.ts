import { count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { analyticsEvents } from '../../db/schema';

export type NewAnalyticsEvent = typeof analyticsEvents.$inferInsert;

/** One statement for the whole batch. */
export async function insertEvents(db: Executor, events: NewAnalyticsEvent[]): Promise<void> {
  if (events.length === 0) return;
  await db.insert(analyticsEvents).values(events);
}

export interface DailyCountRow {
  day: string;
  name: string | null;
  count: number;
}

/**
 * Counts per day and event name over the last `days` days, today included. Every day of the period comes back
 * (a day without events has one row with a null name), and each day is an equality probe on the (day, name)
 * index that counts index entries only, so the cost follows the period, not the size of the table.
 */
export function dailyCounts(db: Executor, days: number): Promise<DailyCountRow[]> {
  const period = sql`generate_series(current_date - ${days - 1}::integer, current_date, interval '1 day') as period(day)`;
  const day = sql<string>`period.day::date::text`;
  return db
    .select({ day, name: analyticsEvents.name, count: count(analyticsEvents.name) })
    .from(period)
    .leftJoin(analyticsEvents, eq(analyticsEvents.day, sql`period.day::date`))
    .groupBy(sql`period.day`, analyticsEvents.name)
    .orderBy(sql`period.day`, analyticsEvents.name);
}

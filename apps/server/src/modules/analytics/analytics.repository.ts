import { count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { analyticsEvents, comments, posts, users, votes } from '../../db/schema';

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

export type RecordedDayRow = {
  day: string;
  signups: number;
  posts: number;
  votes: number;
  comments: number;
};

/**
 * Accounts, posts, votes and comments created per day over the last `days` days, today included, counted from
 * the tables themselves. Each count is one range scan over the period on an index of created_at (BRIN on users,
 * votes and comments, a B-tree on posts), so the cost follows the period, not the size of the tables. A vote
 * taken back is gone from the table and from these counts.
 */
export function recordedDailyQuery(days: number) {
  const since = sql`(current_date - ${days - 1}::integer)::timestamptz`;
  const perDay = (table: typeof users | typeof posts | typeof votes | typeof comments) =>
    sql`select created_at::date as day, count(*)::integer as n from ${table} where created_at >= ${since} group by 1`;
  return sql`
    with period as (
      select generate_series(current_date - ${days - 1}::integer, current_date, interval '1 day')::date as day
    ),
    signups as (${perDay(users)}),
    created_posts as (${perDay(posts)}),
    cast_votes as (${perDay(votes)}),
    written_comments as (${perDay(comments)})
    select period.day::text as day,
      coalesce(signups.n, 0) as signups,
      coalesce(created_posts.n, 0) as posts,
      coalesce(cast_votes.n, 0) as votes,
      coalesce(written_comments.n, 0) as comments
    from period
    left join signups on signups.day = period.day
    left join created_posts on created_posts.day = period.day
    left join cast_votes on cast_votes.day = period.day
    left join written_comments on written_comments.day = period.day
    order by period.day`;
}

export async function recordedDailyCounts(db: Executor, days: number): Promise<RecordedDayRow[]> {
  // Both drivers (node-postgres and PGlite) answer a raw statement with its rows under `rows`.
  const result = (await db.execute<RecordedDayRow>(recordedDailyQuery(days))) as { rows: RecordedDayRow[] };
  return result.rows;
}

import type { z } from 'zod';
import {
  ANALYTICS_BATCHES_PER_MINUTE,
  ANALYTICS_EVENT_NAMES,
  type AnalyticsCounts,
  type AnalyticsDaily,
  type AnalyticsEventName,
  type analyticsBatchSchema,
  type DailySection,
  RECORDED_ACTIVITIES,
  type RecordedActivity,
  type RecordedCounts,
} from '@ray/shared/schemas/analytics';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { limitAddress, type Limit } from '../../lib/rate-limiter';
import * as repo from './analytics.repository';

type Batch = z.output<typeof analyticsBatchSchema>;

const batchLimits = (ip: string): Limit[] => [
  { key: `analytics:address:${limitAddress(ip)}`, max: ANALYTICS_BATCHES_PER_MINUTE, windowSeconds: 60 },
];

/** Only the path is kept: a query string or fragment may carry what the visitor typed. */
const pathOnly = (path: string | null | undefined) => (path ? path.split(/[?#]/)[0]! : null);

/**
 * Stores a batch from the browser. The user is the one of the access token (or nobody), never one named in the
 * body; one address may send a bounded number of batches a minute.
 */
export async function recordEvents(
  ctx: AppContext,
  batch: Batch,
  client: { userId: string | null; ip: string },
): Promise<void> {
  const wait = await ctx.limiter.take(batchLimits(client.ip));
  if (wait > 0) throw new AppError('RATE_LIMITED', { retryAfterSeconds: wait });
  await repo.insertEvents(
    ctx.database.db,
    batch.events.map((event) => ({
      name: event.name,
      userId: client.userId,
      path: pathOnly(event.path),
      properties: event.properties && Object.keys(event.properties).length > 0 ? event.properties : null,
    })),
  );
}

const zeroCounts = (): AnalyticsCounts =>
  Object.fromEntries(ANALYTICS_EVENT_NAMES.map((name) => [name, 0])) as AnalyticsCounts;

const isEventName = (name: string | null): name is AnalyticsEventName =>
  name !== null && (ANALYTICS_EVENT_NAMES as readonly string[]).includes(name);

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** Every day of the period with a count for every event name that browsers reported, zeros included. */
async function reportedDaily(ctx: AppContext, days: number): Promise<DailySection<AnalyticsEventName>> {
  const rows = await repo.dailyCounts(ctx.database.db, days);
  const byDay = new Map<string, AnalyticsCounts>();
  const totals = zeroCounts();
  for (const row of rows) {
    let counts = byDay.get(row.day);
    if (!counts) {
      counts = zeroCounts();
      byDay.set(row.day, counts);
    }
    if (!isEventName(row.name)) continue;
    counts[row.name] += row.count;
    totals[row.name] += row.count;
  }
  const series = [...byDay.entries()].map(([day, counts]) => ({
    day,
    counts,
    total: sum(Object.values(counts)),
  }));
  return { series, totals, total: sum(series.map((day) => day.total)) };
}

/** Sign-ups, posts, votes and comments per day, from the server's own tables. */
async function recordedDaily(ctx: AppContext, days: number): Promise<DailySection<RecordedActivity>> {
  const rows = await repo.recordedDailyCounts(ctx.database.db, days);
  const totals = Object.fromEntries(RECORDED_ACTIVITIES.map((name) => [name, 0])) as RecordedCounts;
  const series = rows.map(({ day, ...counts }) => {
    for (const name of RECORDED_ACTIVITIES) totals[name] += counts[name];
    return { day, counts, total: sum(Object.values(counts)) };
  });
  return { series, totals, total: sum(series.map((day) => day.total)) };
}

/**
 * The dashboard's days, oldest first: what the server recorded, and apart from it, what browsers reported.
 * Reported events are estimates anyone can send (a made-up 'signup' among them); they never move a recorded
 * count.
 */
export async function dailyCounts(ctx: AppContext, days: number): Promise<AnalyticsDaily> {
  const recorded = await recordedDaily(ctx, days);
  const reported = await reportedDaily(ctx, days);
  return {
    from: recorded.series[0]?.day ?? '',
    to: recorded.series.at(-1)?.day ?? '',
    recorded,
    reported,
  };
}

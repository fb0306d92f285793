import { z } from 'zod';
import { ANALYTICS_BATCH_MAX, ANALYTICS_PROPERTIES_MAX, ANALYTICS_STRING_MAX } from '../constants';
import { msg } from '../messages.ar';

/**
 * First-party analytics (spec section 9): a closed list of events, sent by the browser in small batches to
 * `POST /api/analytics/events` and counted per day for admins. No third-party script, no raw user text.
 */
export const ANALYTICS_EVENT_NAMES = [
  'login',
  'signup',
  'post_create',
  'vote',
  'comment',
  'bookmark',
  'search',
  'error',
  'page_time',
] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENT_NAMES)[number];

export const ANALYTICS_PATH_MAX = 300;
/** Batches one address may send per minute; a browser sends a few, so this only stops floods. */
export const ANALYTICS_BATCHES_PER_MINUTE = 60;
export const ANALYTICS_DAYS_DEFAULT = 30;
export const ANALYTICS_DAYS_MAX = 90;
export const ANALYTICS_PERIODS = [7, 30] as const;

export const analyticsEventNameSchema = z.enum(ANALYTICS_EVENT_NAMES, { error: msg.analyticsEventUnknown });

const propertyKey = z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/, msg.analyticsPropertyInvalid);
/** A UTF-16 half without its other half: not text, and PostgreSQL's jsonb refuses it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const propertyValue = z.union(
  [
    z
      .string()
      .max(ANALYTICS_STRING_MAX, msg.analyticsPropertyInvalid)
      .refine((value) => !LONE_SURROGATE.test(value), msg.analyticsPropertyInvalid),
    z.number(),
    z.boolean(),
  ],
  { error: msg.analyticsPropertyInvalid },
);
export type AnalyticsPropertyValue = z.infer<typeof propertyValue>;

/** Small and flat: at most 10 keys, each a short string, a finite number or a boolean. */
export const analyticsPropertiesSchema = z
  .record(propertyKey, propertyValue, { error: msg.analyticsPropertyInvalid })
  .refine((value) => Object.keys(value).length <= ANALYTICS_PROPERTIES_MAX, msg.analyticsPropertiesTooMany);
export type AnalyticsProperties = z.infer<typeof analyticsPropertiesSchema>;

/** The page an event happened on: a site path only, never a full URL. */
const pathField = z
  .string()
  .trim()
  .max(ANALYTICS_PATH_MAX, msg.invalidValue)
  .regex(/^\/[^\s]*$/, msg.invalidValue);

export const analyticsEventSchema = z.object({
  name: analyticsEventNameSchema,
  path: pathField.nullish(),
  properties: analyticsPropertiesSchema.optional(),
});
export type AnalyticsEvent = z.input<typeof analyticsEventSchema>;

/** `POST /api/analytics/events` (JSON, or the text/plain body of `navigator.sendBeacon`). */
export const analyticsBatchSchema = z.object({
  events: z
    .array(analyticsEventSchema, { error: msg.invalidData })
    .min(1, msg.analyticsBatchEmpty)
    .max(ANALYTICS_BATCH_MAX, msg.analyticsBatchTooLarge),
});
export type AnalyticsBatch = z.input<typeof analyticsBatchSchema>;

/** `GET /api/admin/analytics/daily?days=30` */
export const analyticsDailyQuerySchema = z.object({
  days: z.coerce
    .number({ error: msg.analyticsDaysInvalid })
    .int(msg.analyticsDaysInvalid)
    .min(1, msg.analyticsDaysInvalid)
    .max(ANALYTICS_DAYS_MAX, msg.analyticsDaysInvalid)
    .default(ANALYTICS_DAYS_DEFAULT),
});

/**
 * What the server counts from its own tables, by the day the row was created: accounts (users), posts, votes
 * and comments. Nothing a browser sends can move these.
 */
export const RECORDED_ACTIVITIES = ['signups', 'posts', 'votes', 'comments'] as const;
export type RecordedActivity = (typeof RECORDED_ACTIVITIES)[number];

const countsByName = z.record(analyticsEventNameSchema, z.number().int());
export type AnalyticsCounts = z.infer<typeof countsByName>;
const countsByActivity = z.record(z.enum(RECORDED_ACTIVITIES), z.number().int());
export type RecordedCounts = z.infer<typeof countsByActivity>;

/** Every day of the period, oldest first, with a count for every name (zeros included), and the totals. */
const dailySection = <Counts extends z.ZodType>(counts: Counts) =>
  z.object({
    series: z.array(z.object({ day: z.string(), total: z.number().int(), counts })),
    totals: counts,
    total: z.number().int(),
  });

/** `GET /api/admin/analytics/daily`: the same days, counted two ways that are never mixed. */
export const analyticsDailySchema = z.object({
  from: z.string(),
  to: z.string(),
  /** From the server's own records: the numbers to believe. */
  recorded: dailySection(countsByActivity),
  /** What browsers reported through `POST /api/analytics/events`: estimates that any client can send. */
  reported: dailySection(countsByName),
});
export type AnalyticsDaily = z.infer<typeof analyticsDailySchema>;
export type DailySection<Name extends string> = {
  series: { day: string; total: number; counts: Record<Name, number> }[];
  totals: Record<Name, number>;
  total: number;
};

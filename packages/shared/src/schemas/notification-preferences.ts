import { z } from 'zod';
import { msg } from '../messages.ar';
import { DIGEST_FREQUENCIES, PREFERENCE_KINDS, type PreferenceKind } from '../notification-preferences';

let knownZones: Set<string> | undefined;

/**
 * Whether the name is a time zone this runtime knows (an IANA zone, or 'UTC', which the list leaves out). The
 * list is read on first use, so a page that only needs the types never builds it.
 */
export function isTimeZone(name: string): boolean {
  knownZones ??= new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);
  return knownZones.has(name);
}

const channel = z.boolean({ error: msg.notificationChannelInvalid });

/** One kind's three channels: shown in the app, pushed to the user's devices, counted in the e-mail digest. */
export const kindPreferenceSchema = z.strictObject(
  { inApp: channel, push: channel, digest: channel },
  { error: msg.notificationChannelInvalid },
);

const kindsShape = Object.fromEntries(PREFERENCE_KINDS.map((kind) => [kind, kindPreferenceSchema])) as Record<
  PreferenceKind,
  typeof kindPreferenceSchema
>;

const quietHour = z
  .number({ error: msg.quietHourInvalid })
  .int(msg.quietHourInvalid)
  .min(0, msg.quietHourInvalid)
  .max(23, msg.quietHourInvalid);

/**
 * Hours of the user's own day (in their time zone) when nothing is pushed: from `start` up to `end`, across
 * midnight when `end` is the smaller. Equal hours would mean either nothing or the whole day, so they are refused.
 */
export const quietHoursSchema = z
  .object({ start: quietHour, end: quietHour }, { error: msg.quietHourInvalid })
  .refine((hours) => hours.start !== hours.end, { message: msg.quietHoursSame, path: ['end'] });
export type QuietHours = z.infer<typeof quietHoursSchema>;

export const digestFrequencySchema = z.enum(DIGEST_FREQUENCIES, { error: msg.digestFrequencyInvalid });

export const timeZoneSchema = z
  .string({ error: msg.timeZoneInvalid })
  .refine(isTimeZone, msg.timeZoneInvalid);

/** `GET|PUT /api/notifications/preferences`: every kind, with the defaults filled in for those never changed. */
export const notificationPreferencesSchema = z.object({
  kinds: z.object(kindsShape),
  quietHours: quietHoursSchema.nullable(),
  digest: digestFrequencySchema,
  timeZone: z.string(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/**
 * `PUT /api/notifications/preferences`: what changes. Kinds left out, and fields left out, keep their value;
 * `quietHours: null` turns quiet hours off.
 */
export const notificationPreferencesUpdateSchema = z.object({
  kinds: z.strictObject(kindsShape, { error: msg.notificationKindUnknown }).partial().optional(),
  quietHours: quietHoursSchema.nullable().optional(),
  digest: digestFrequencySchema.optional(),
  timeZone: timeZoneSchema.optional(),
});
export type NotificationPreferencesUpdate = z.input<typeof notificationPreferencesUpdateSchema>;

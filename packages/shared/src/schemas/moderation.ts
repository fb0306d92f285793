import { z } from 'zod';
import { SUSPENSION_MAX_MS, SUSPENSION_MIN_MS, WARNING_MAX } from '../constants';
import { msg } from '../messages.ar';
import { noNul } from './comment';

/**
 * The handle through which staff act on the hidden author of one anonymous post or comment: issued by the
 * server per item (never per person), 28 URL-safe characters that say nothing about who wrote it.
 */
export const authorHandleParam = z
  .string({ error: msg.authorHandleInvalid })
  .regex(/^[A-Za-z0-9_-]{28}$/, msg.authorHandleInvalid);

/** A warning sent to an author as a notification from the moderation team. */
export const warnSchema = z.object({
  message: z
    .string({ error: msg.warningRequired })
    .trim()
    .min(1, msg.warningRequired)
    .max(WARNING_MAX, msg.warningTooLong)
    .refine(noNul, msg.invalidValue),
});
export type WarnPayload = z.input<typeof warnSchema>;

/**
 * Stops an author posting, commenting and voting until `until`: an ISO date-time with its offset, at least an
 * hour and at most a year from now.
 */
export const suspendSchema = z.object({
  until: z.iso
    .datetime({ offset: true, error: msg.suspendUntilRequired })
    .refine((value) => Date.parse(value) >= Date.now() + SUSPENSION_MIN_MS, msg.suspendUntilTooSoon)
    .refine((value) => Date.parse(value) <= Date.now() + SUSPENSION_MAX_MS, msg.suspendUntilTooFar),
});
export type SuspendPayload = z.input<typeof suspendSchema>;

export const moderationActionResultSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});
export type ModerationActionResult = z.infer<typeof moderationActionResultSchema>;

/** The answer to a suspension: through a handle it says only what was asked, so two handles cannot be linked. */
export const suspensionResultSchema = moderationActionResultSchema.extend({
  suspendedUntil: z.string(),
});
export type SuspensionResult = z.infer<typeof suspensionResultSchema>;

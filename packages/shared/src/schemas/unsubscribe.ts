import { z } from 'zod';
import { digestMsg } from '../digest-messages.ar';
import { DIGEST_FREQUENCIES } from '../notification-preferences';

/** The signed token of an unsubscribe link, as the link carries it (`?token=…`). */
export const unsubscribeQuerySchema = z.object({
  token: z
    .string({ error: digestMsg.unsubscribeInvalid })
    .min(1, digestMsg.unsubscribeInvalid)
    .max(200, digestMsg.unsubscribeInvalid),
});
export type UnsubscribeQuery = z.infer<typeof unsubscribeQuerySchema>;

/**
 * What a mail program posts for a one-click unsubscribe (RFC 8058: the form `List-Unsubscribe=One-Click`); the web
 * page may post nothing at all. Anything else in the body is ignored.
 */
export const unsubscribeBodySchema = z
  .object({ 'List-Unsubscribe': z.string().max(50).optional() })
  .nullish();

export const unsubscribeResultSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  /** The digest's frequency after the request: always 'off'. */
  digest: z.enum(DIGEST_FREQUENCIES),
});
export type UnsubscribeResult = z.infer<typeof unsubscribeResultSchema>;

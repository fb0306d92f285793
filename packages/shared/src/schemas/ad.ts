import { z } from 'zod';
import { AD_PLACEMENTS } from '../constants';
import { msg } from '../messages.ar';

export const adPlacementSchema = z.enum(AD_PLACEMENTS, { error: msg.invalidValue });

export const adSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  targetUrl: z.string(),
});
export type Ad = z.infer<typeof adSchema>;

export const adsQuerySchema = z.object({ placement: adPlacementSchema });

/** The page an impression was seen on: a site path only, never a full URL. */
const pagePath = z
  .string()
  .trim()
  .min(1, msg.invalidValue)
  .max(500, msg.invalidValue)
  .regex(/^\/[^\s]*$/, msg.invalidValue);

export const adImpressionSchema = z.object({
  placement: adPlacementSchema,
  pageUrl: pagePath,
  /** A random key the browser keeps, so one visitor's impression counts once per ad, placement and page. */
  visitorKey: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, msg.invalidValue)
    .optional(),
});

export const adClickSchema = z.object({ referrerUrl: pagePath.optional() });
export const adClickResultSchema = z.object({ targetUrl: z.string() });

const httpsUrl = z
  .string()
  .trim()
  .max(2000, msg.textTooLong)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'https:' || url.protocol === 'http:';
    } catch {
      return value.startsWith('/') && !value.startsWith('//');
    }
  }, msg.invalidValue);

export const adInputSchema = z.object({
  title: z.string().trim().min(2, msg.invalidValue).max(80, msg.textTooLong),
  description: z.string().trim().max(200, msg.textTooLong).default(''),
  imageUrl: z
    .string()
    .regex(/^\/uploads\/original\/[a-f0-9]{32}\.webp$/, msg.imageTypeInvalid)
    .nullish(),
  targetUrl: httpsUrl,
  placements: z.array(adPlacementSchema).min(1, msg.invalidValue).max(AD_PLACEMENTS.length),
  startsAt: z.iso.datetime({ error: msg.invalidValue }).nullish(),
  endsAt: z.iso.datetime({ error: msg.invalidValue }).nullish(),
  weight: z.number().int().min(1, msg.invalidValue).max(100, msg.invalidValue).default(1),
  isActive: z.boolean().default(true),
});
export type AdInput = z.input<typeof adInputSchema>;

export const adminAdSchema = adSchema.extend({
  placements: z.array(adPlacementSchema),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  weight: z.number().int(),
  isActive: z.boolean(),
  impressions: z.number().int(),
  clicks: z.number().int(),
  createdAt: z.string(),
});
export type AdminAd = z.infer<typeof adminAdSchema>;

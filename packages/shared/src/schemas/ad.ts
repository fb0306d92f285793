import { z } from 'zod';
import { AD_PLACEMENTS } from '../constants';
import { UPLOADED_IMAGE_URL } from '../media';
import { msg } from '../messages.ar';
import { successSchema } from './common';

/** What an ad event records: the ad was seen, or followed. */
export const AD_EVENT_KINDS = ['impression', 'click'] as const;
export type AdEventKind = (typeof AD_EVENT_KINDS)[number];

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

/** One placement's place in a viewer's rotation: `<placement>.<turn>.<ad id>`, the last ad it showed them. */
const ROTATION_POINT = /^([A-Za-z]+)\.(\d{1,9})\.(\d{1,12})$/;

/**
 * `GET /api/ads/plan`: the ads of one page view. `placements` are those the viewer's layout shows, most important
 * first; `after` is where the viewer's rotation of each stands, kept by their browser (so any server instance
 * plans the same page, and none keeps anyone's history).
 */
export const adPlanQuerySchema = z.object({
  placements: z
    .string()
    .max(200, msg.invalidValue)
    .transform((value) => value.split(',').filter(Boolean))
    .pipe(z.array(adPlacementSchema).min(1, msg.invalidValue).max(AD_PLACEMENTS.length, msg.invalidValue)),
  after: z
    .string()
    .max(300, msg.invalidValue)
    .optional()
    .transform((value, context) => {
      const points: Partial<Record<(typeof AD_PLACEMENTS)[number], { turn: number; adId: number }>> = {};
      for (const part of (value ?? '').split(',').filter(Boolean)) {
        const match = ROTATION_POINT.exec(part);
        const placement = adPlacementSchema.safeParse(match?.[1]);
        if (!match || !placement.success) {
          context.addIssue({ code: 'custom', message: msg.invalidValue });
          return z.NEVER;
        }
        points[placement.data] = { turn: Number(match[2]), adId: Number(match[3]) };
      }
      return points;
    }),
});

export const adPlanSlotSchema = z.object({
  placement: adPlacementSchema,
  /** The turn of the viewer's rotation of this placement that this ad was taken from. */
  turn: z.number().int(),
  ad: adSchema,
});
export type AdPlanSlot = z.infer<typeof adPlanSlotSchema>;
/** The page view's ads in order: a placement's slots take its entries one by one; a missing one stays empty. */
export const adPlanSchema = z.object({ slots: z.array(adPlanSlotSchema) });
export type AdPlan = z.infer<typeof adPlanSchema>;

/** The page an impression was seen on: a site path only, never a full URL. */
const pagePath = z
  .string()
  .trim()
  .min(1, msg.invalidValue)
  .max(500, msg.invalidValue)
  .regex(/^\/[^\s]*$/, msg.invalidValue);

/**
 * `POST /api/ads/{id}/impression`. Who saw the ad is never said by the client: the server knows a signed-in user
 * by the access token and a visitor by the id it issued in a signed cookie; any other field is dropped.
 */
export const adImpressionSchema = z.object({
  placement: adPlacementSchema,
  pageUrl: pagePath,
});

/** `POST /api/ads/{id}/click`; the placement lets a click count once per visitor and placement. */
export const adClickSchema = z.object({
  referrerUrl: pagePath.optional(),
  placement: adPlacementSchema.optional(),
});

/**
 * `GET /api/ads/{id}/click`: the ad's link. It records the click and sends the browser on to the ad's stored
 * target, so opening it in a new tab counts too; the destination is never taken from the request.
 */
export const adClickLinkSchema = z.object({
  placement: adPlacementSchema.optional(),
  page: pagePath.optional(),
});

/** Whether the event moved the ad's counters: the first per visitor, ad, placement and kind in a window. */
export const adImpressionResultSchema = successSchema.extend({ counted: z.boolean() });
export const adClickResultSchema = z.object({ targetUrl: z.string(), counted: z.boolean() });

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
  }, msg.adTargetUrlInvalid);

export const AD_TITLE_MAX = 80;
export const AD_DESCRIPTION_MAX = 200;
export const AD_WEIGHT_MAX = 100;

/** Create or edit an ad (admins). The target is http(s) or a path inside the site, never `javascript:` or `data:`. */
export const adInputSchema = z
  .object({
    title: z.string().trim().min(2, msg.adTitleMin).max(AD_TITLE_MAX, msg.textTooLong),
    description: z.string().trim().max(AD_DESCRIPTION_MAX, msg.textTooLong).default(''),
    imageUrl: z
      .string()
      .max(500, msg.imageTypeInvalid)
      .regex(UPLOADED_IMAGE_URL, msg.imageTypeInvalid)
      .nullish(),
    targetUrl: httpsUrl,
    placements: z.array(adPlacementSchema).min(1, msg.adPlacementsRequired).max(AD_PLACEMENTS.length),
    startsAt: z.iso.datetime({ error: msg.invalidValue }).nullish(),
    endsAt: z.iso.datetime({ error: msg.invalidValue }).nullish(),
    weight: z
      .number({ error: msg.adWeightInvalid })
      .int(msg.adWeightInvalid)
      .min(1, msg.adWeightInvalid)
      .max(AD_WEIGHT_MAX, msg.adWeightInvalid)
      .default(1),
    isActive: z.boolean().default(true),
  })
  .refine(
    (ad) => !ad.startsAt || !ad.endsAt || new Date(ad.endsAt).getTime() > new Date(ad.startsAt).getTime(),
    { path: ['endsAt'], message: msg.adEndsBeforeStart },
  );
export type AdInput = z.input<typeof adInputSchema>;

/** `PUT /api/admin/ads/{id}/status`: pause (false) or resume (true) without resending the whole ad. */
export const adStatusInputSchema = z.object({ isActive: z.boolean() });

/**
 * Where an ad stands now: paused by an admin, waiting for its start, past its end, or being served. A paused ad
 * shows as paused whatever its period; a resumed ad past its end shows as ended, since it is not served.
 */
export const AD_STATUSES = ['active', 'paused', 'scheduled', 'ended'] as const;
export type AdStatus = (typeof AD_STATUSES)[number];

export function adStatus(
  ad: { isActive: boolean; startsAt: string | null; endsAt: string | null },
  now: number = Date.now(),
): AdStatus {
  if (!ad.isActive) return 'paused';
  if (ad.endsAt && new Date(ad.endsAt).getTime() <= now) return 'ended';
  if (ad.startsAt && new Date(ad.startsAt).getTime() > now) return 'scheduled';
  return 'active';
}

export const adminAdSchema = adSchema.extend({
  placements: z.array(adPlacementSchema),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  weight: z.number().int(),
  isActive: z.boolean(),
  impressions: z.number().int(),
  clicks: z.number().int(),
  status: z.enum(AD_STATUSES),
  createdAt: z.string(),
});
export type AdminAd = z.infer<typeof adminAdSchema>;

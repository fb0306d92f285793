import type { z } from 'zod';
import { AD_MAX_PER_PLACEMENT, type AdPlacement } from '@ray/shared/constants';
import { adStatus, type Ad, type AdminAd, type AdPlan, type adInputSchema } from '@ray/shared/schemas/ad';
import { msg } from '@ray/shared/messages.ar';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { limitAddress } from '../../lib/rate-limiter';
import { keyOfUrl } from '../../lib/storage';
import * as repo from './ads.repository';
import type { AdRow } from './ads.repository';
import { planPageView, takeFromRotation, type RotationPoint } from './ads.plan';

const toAd = (row: AdRow): Ad => ({
  id: row.id,
  title: row.title,
  description: row.description,
  imageUrl: row.imageUrl,
  targetUrl: row.targetUrl,
});

function toAdminAd(row: AdRow, now = Date.now()): AdminAd {
  const period = {
    isActive: row.isActive,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
  };
  return {
    ...toAd(row),
    ...period,
    placements: row.placements as AdPlacement[],
    weight: row.weight,
    impressions: row.impressions,
    clicks: row.clicks,
    status: adStatus(period, now),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Clients written to the spec ask for one placement at a time and keep no place in a rotation, so each instance
 * keeps one per placement for them: the weights hold over time, and the ads of one answer are all different. The
 * web app asks for a whole page view instead (`planFor`), with its own place in each rotation.
 */
const specRotation = new Map<AdPlacement, RotationPoint>();

export async function adsFor(ctx: AppContext, placement: AdPlacement): Promise<Ad[]> {
  const rows = await repo.activeAds(ctx.database.db, placement);
  const picked = new Set<number>();
  // Called only for the ad about to be taken, so it also remembers it: one answer never holds an ad twice.
  const unpicked = (row: AdRow) => !picked.has(row.id) && Boolean(picked.add(row.id));
  const ads = takeFromRotation(rows, specRotation.get(placement), AD_MAX_PER_PLACEMENT[placement], unpicked);
  const last = ads.at(-1);
  if (last) specRotation.set(placement, { turn: last.turn, adId: last.ad.id });
  return ads.map(({ ad }) => toAd(ad));
}

/** The ads of one page view for the placements the viewer's layout shows (see `planPageView`). */
export async function planFor(
  ctx: AppContext,
  placements: AdPlacement[],
  after: Partial<Record<AdPlacement, RotationPoint>>,
): Promise<AdPlan> {
  const rows = await repo.activeAdsIn(ctx.database.db, placements);
  const slots = planPageView(
    placements,
    (placement) => rows.filter((row) => row.placements.includes(placement)),
    after,
  );
  return { slots: slots.map(({ placement, turn, ad }) => ({ placement, turn, ad: toAd(ad) })) };
}

export async function getAd(ctx: AppContext, id: number): Promise<Ad> {
  const row = await repo.findAd(ctx.database.db, id);
  if (!row) throw new AppError('NOT_FOUND');
  return toAd(row);
}

/** An ad event counts once per visitor, ad, placement and kind in each window of this length. */
export const AD_COUNT_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Stored for a click whose client did not say where the ad was (clients written to the spec send no placement). */
const UNKNOWN_PLACEMENT = 'unknown';

/** The start of the fixed window `at` falls in: windows are the same on every instance. */
export const countWindowStart = (at: number = Date.now()) =>
  new Date(Math.floor(at / AD_COUNT_WINDOW_MS) * AD_COUNT_WINDOW_MS);

/**
 * New visitor ids whose events may count, per client address and hour. A client that drops its cookie is a new
 * visitor every time; past this many, its events are still kept but move no counter. Generous enough for many
 * people behind one address (a carrier's NAT); a returning visitor with a valid cookie never counts here.
 */
export const NEW_VISITORS_PER_ADDRESS = { max: 60, windowSeconds: 60 * 60 };

/** Who an event is for, as the server established it (ads.routes.ts): never a value the client chose. */
export interface AdVisitor {
  /** `user:<id>` for a signed-in user, `visitor:<id>` for the id of the server's signed cookie. */
  key: string;
  /** True when the id was issued for this very request (no valid cookie came with it). */
  isNew: boolean;
  address: string;
}

async function mayCount(ctx: AppContext, visitor: AdVisitor): Promise<boolean> {
  if (!visitor.isNew) return true;
  const key = `ads:new-visitor:${limitAddress(visitor.address)}`;
  return (await ctx.limiter.take([{ key, ...NEW_VISITORS_PER_ADDRESS }])) === 0;
}

/** Only the path is kept: a query string or fragment may carry what the visitor typed. */
const pathOnly = (page: string | undefined) => (page ? page.split(/[?#]/)[0]! : null);

/** Records an impression, counted the first time in the window that this visitor sees the ad in this placement. */
export async function recordImpression(
  ctx: AppContext,
  id: number,
  impression: { placement: AdPlacement; page: string },
  visitor: AdVisitor,
): Promise<boolean> {
  const row = await repo.findAd(ctx.database.db, id);
  if (!row || !row.placements.includes(impression.placement)) throw new AppError('NOT_FOUND');
  return repo.recordEvent(
    ctx.database.db,
    {
      adId: id,
      kind: 'impression',
      placement: impression.placement,
      page: pathOnly(impression.page),
      visitorKey: visitor.key,
      windowStart: countWindowStart(),
    },
    await mayCount(ctx, visitor),
  );
}

/**
 * Records a click, counted like an impression, and answers the ad's stored target: a URL from the request is
 * never followed.
 */
export async function recordClick(
  ctx: AppContext,
  id: number,
  click: { placement: AdPlacement | undefined; page: string | undefined },
  visitor: AdVisitor,
): Promise<{ targetUrl: string; counted: boolean }> {
  const row = await repo.findAd(ctx.database.db, id);
  if (!row || (click.placement && !row.placements.includes(click.placement))) throw new AppError('NOT_FOUND');
  const counted = await repo.recordEvent(
    ctx.database.db,
    {
      adId: id,
      kind: 'click',
      placement: click.placement ?? UNKNOWN_PLACEMENT,
      page: pathOnly(click.page),
      visitorKey: visitor.key,
      windowStart: countWindowStart(),
    },
    await mayCount(ctx, visitor),
  );
  return { targetUrl: row.targetUrl, counted };
}

/**
 * Follows an ad's link (`GET /api/ads/{id}/click`): only an ad being served now has one, the click is recorded
 * like any other, and the answer is the ad's stored target, whatever the request says.
 */
export async function followAd(
  ctx: AppContext,
  id: number,
  click: { placement: AdPlacement | undefined; page: string | undefined },
  visitor: AdVisitor,
): Promise<string> {
  const row = await repo.findAd(ctx.database.db, id);
  if (!row || toAdminAd(row).status !== 'active') throw new AppError('NOT_FOUND');
  return (await recordClick(ctx, id, click, visitor)).targetUrl;
}

export async function listForAdmin(ctx: AppContext): Promise<AdminAd[]> {
  const now = Date.now();
  return (await repo.listAllAds(ctx.database.db)).map((row) => toAdminAd(row, now));
}

export async function getForAdmin(ctx: AppContext, id: number): Promise<AdminAd> {
  const row = await repo.findAd(ctx.database.db, id);
  if (!row) throw new AppError('NOT_FOUND');
  return toAdminAd(row);
}

/** Pauses or resumes an ad without touching the rest of it, so a pause never overwrites an edit made meanwhile. */
export async function setAdActive(ctx: AppContext, id: number, isActive: boolean): Promise<AdminAd> {
  const row = await repo.updateAd(ctx.database.db, id, { isActive });
  if (!row) throw new AppError('NOT_FOUND');
  return toAdminAd(row);
}

/** The schema allows an absolute image URL for media on a bucket or a CDN; only this storage's host passes. */
function toRow(ctx: AppContext, input: z.output<typeof adInputSchema>) {
  if (input.imageUrl && !keyOfUrl(ctx.storage, input.imageUrl))
    throw AppError.field('VALIDATION_FAILED', 'imageUrl', msg.imageTypeInvalid);
  return {
    title: input.title,
    description: input.description,
    imageUrl: input.imageUrl ?? null,
    targetUrl: input.targetUrl,
    placements: [...new Set(input.placements)],
    startsAt: input.startsAt ? new Date(input.startsAt) : null,
    endsAt: input.endsAt ? new Date(input.endsAt) : null,
    weight: input.weight,
    isActive: input.isActive,
  };
}

export async function createAd(ctx: AppContext, input: z.output<typeof adInputSchema>): Promise<AdminAd> {
  return toAdminAd(await repo.insertAd(ctx.database.db, toRow(ctx, input)));
}

export async function updateAd(
  ctx: AppContext,
  id: number,
  input: z.output<typeof adInputSchema>,
): Promise<AdminAd> {
  const row = await repo.updateAd(ctx.database.db, id, toRow(ctx, input));
  if (!row) throw new AppError('NOT_FOUND');
  return toAdminAd(row);
}

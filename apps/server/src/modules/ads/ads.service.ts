import type { z } from 'zod';
import { AD_MAX_PER_PLACEMENT, type AdPlacement } from '@ray/shared/constants';
import { adStatus, type Ad, type AdminAd, type adInputSchema } from '@ray/shared/schemas/ad';
import { msg } from '@ray/shared/messages.ar';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { limitAddress } from '../../lib/rate-limiter';
import { keyOfUrl } from '../../lib/storage';
import * as repo from './ads.repository';
import type { AdRow } from './ads.repository';

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

/** Weighted sampling without replacement: an ad of weight 3 is three times as likely to be picked as one of 1. */
export function pickWeighted<T extends { weight: number }>(
  items: T[],
  count: number,
  random: () => number = Math.random,
): T[] {
  const pool = [...items];
  const picked: T[] = [];
  while (picked.length < count && pool.length > 0) {
    const total = pool.reduce((sum, item) => sum + item.weight, 0);
    let roll = random() * total;
    const index = pool.findIndex((item) => (roll -= item.weight) < 0);
    picked.push(...pool.splice(index === -1 ? pool.length - 1 : index, 1));
  }
  return picked;
}

export async function adsFor(ctx: AppContext, placement: AdPlacement): Promise<Ad[]> {
  const rows = await repo.activeAds(ctx.database.db, placement);
  return pickWeighted(rows, AD_MAX_PER_PLACEMENT[placement]).map(toAd);
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

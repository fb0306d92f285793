import { and, arrayContains, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { adImpressions, ads } from '../../db/schema';

export type AdRow = typeof ads.$inferSelect;
export type NewAd = typeof ads.$inferInsert;

/** Ads that may be shown now in a placement: active, inside their period. */
export function activeAds(db: Executor, placement: string) {
  return db
    .select()
    .from(ads)
    .where(
      and(
        eq(ads.isActive, true),
        arrayContains(ads.placements, [placement]),
        or(isNull(ads.startsAt), lte(ads.startsAt, sql`now()`)),
        or(isNull(ads.endsAt), gt(ads.endsAt, sql`now()`)),
      ),
    )
    .limit(50);
}

export async function findAd(db: Executor, id: number) {
  const [row] = await db.select().from(ads).where(eq(ads.id, id)).limit(1);
  return row;
}

/** Counts an impression only the first time this viewer sees this ad in this placement on this page. */
export async function recordImpression(
  db: Executor,
  impression: { adId: number; placement: string; page: string; viewerKey: string },
) {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(adImpressions)
      .values(impression)
      .onConflictDoNothing()
      .returning({ adId: adImpressions.adId });
    if (inserted.length === 0) return false;
    await tx
      .update(ads)
      .set({ impressions: sql`${ads.impressions} + 1` })
      .where(eq(ads.id, impression.adId));
    return true;
  });
}

export async function recordClick(db: Executor, id: number) {
  const [row] = await db
    .update(ads)
    .set({ clicks: sql`${ads.clicks} + 1` })
    .where(eq(ads.id, id))
    .returning({ targetUrl: ads.targetUrl });
  return row;
}

export function listAllAds(db: Executor) {
  return db.select().from(ads).orderBy(desc(ads.id)).limit(500);
}

export async function insertAd(db: Executor, ad: NewAd) {
  const [row] = await db.insert(ads).values(ad).returning();
  return row!;
}

export async function updateAd(db: Executor, id: number, ad: Partial<NewAd>) {
  const [row] = await db
    .update(ads)
    .set({ ...ad, updatedAt: sql`now()` })
    .where(eq(ads.id, id))
    .returning();
  return row;
}

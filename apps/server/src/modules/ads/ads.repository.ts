import { and, arrayContains, arrayOverlaps, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { adEvents, ads } from '../../db/schema';

export type AdRow = typeof ads.$inferSelect;
export type NewAd = typeof ads.$inferInsert;
export type NewAdEvent = Omit<typeof adEvents.$inferInsert, 'id' | 'counted' | 'createdAt'>;

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

/** Ads that may be shown now in any of `placements`, in one query for a whole page view. */
export function activeAdsIn(db: Executor, placements: string[]) {
  return db
    .select()
    .from(ads)
    .where(
      and(
        eq(ads.isActive, true),
        arrayOverlaps(ads.placements, placements),
        or(isNull(ads.startsAt), lte(ads.startsAt, sql`now()`)),
        or(isNull(ads.endsAt), gt(ads.endsAt, sql`now()`)),
      ),
    )
    .orderBy(ads.id)
    .limit(300);
}

export async function findAd(db: Executor, id: number) {
  const [row] = await db.select().from(ads).where(eq(ads.id, id)).limit(1);
  return row;
}

/**
 * Keeps the event and, when `countable`, counts it if it is the visitor's first of its kind for this ad and
 * placement in the window: the partial unique index over counted events decides, so concurrent repeats count
 * once. Anything else is kept with `counted` false and leaves the ad's counters alone.
 */
export async function recordEvent(db: Executor, event: NewAdEvent, countable: boolean): Promise<boolean> {
  if (!countable) {
    await db.insert(adEvents).values({ ...event, counted: false });
    return false;
  }
  return db.transaction(async (tx) => {
    const counted = await tx
      .insert(adEvents)
      .values({ ...event, counted: true })
      .onConflictDoNothing()
      .returning({ id: adEvents.id });
    if (counted.length === 0) {
      await tx.insert(adEvents).values({ ...event, counted: false });
      return false;
    }
    await tx
      .update(ads)
      .set(
        event.kind === 'impression'
          ? { impressions: sql`${ads.impressions} + 1` }
          : { clicks: sql`${ads.clicks} + 1` },
      )
      .where(eq(ads.id, event.adId));
    return true;
  });
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

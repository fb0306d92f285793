import { and, asc, desc, eq, gt, gte, inArray, like, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { hashtagDays, hashtags, hashtagWindows, postHashtags, posts } from '../../db/schema';
import { escapeLike } from '../../lib/like';
import { visibleTo, type Viewer } from '../posts/posts.repository';
import { engagement, windowStart } from '../trends/trends.repository';

const columns = { id: hashtags.id, name: hashtags.name, postCount: hashtags.postCount };

/** Most used tags of all time, read from the post-count index. */
export async function listTopHashtags(db: Executor, limit: number) {
  return db
    .select(columns)
    .from(hashtags)
    .where(gt(hashtags.postCount, 0))
    .orderBy(desc(hashtags.postCount), asc(hashtags.id))
    .limit(limit);
}

/**
 * Tags whose normalised key contains `key`, through the trigram index: the exact tag first, then tags starting
 * with it, then the closest spellings, the most used first within each.
 */
export async function searchHashtags(db: Executor, key: string, limit: number) {
  const escaped = escapeLike(key);
  return db
    .select(columns)
    .from(hashtags)
    .where(
      and(
        gt(hashtags.postCount, 0),
        or(like(hashtags.key, `%${escaped}%`), key.length >= 3 ? sql`${hashtags.key} % ${key}` : undefined),
      ),
    )
    .orderBy(
      desc(sql`${hashtags.key} = ${key}`),
      desc(sql`${hashtags.key} like ${`${escaped}%`}`),
      desc(sql`similarity(${hashtags.key}, ${key})`),
      desc(hashtags.postCount),
      asc(hashtags.id),
    )
    .limit(limit);
}

/**
 * Counts out of each trending period the tag uses that have left it since the last refresh (trend_roll_off,
 * migration 0008): the work follows the uses of that last minute or so, never the size of the period.
 */
export async function rollOffTrends(db: Executor) {
  await db.execute(sql`select trend_roll_off()`);
}

/**
 * The period's most used tags by distinct authors, so one account repeating a tag cannot push it alone, then by
 * visible uses: the top of the counts the triggers keep per period (hashtag_windows). Hidden posts do not count,
 * and deleted ones are counted out.
 */
export async function trendingHashtags(db: Executor, days: number, count: number) {
  return db
    .select({ ...columns, usageCount: hashtagWindows.authors })
    .from(hashtagWindows)
    .innerJoin(hashtags, eq(hashtags.id, hashtagWindows.hashtagId))
    .where(and(eq(hashtagWindows.days, days), gt(hashtagWindows.authors, 0)))
    .orderBy(desc(hashtagWindows.authors), desc(hashtagWindows.uses), desc(hashtagWindows.hashtagId))
    .limit(count);
}

/** Distinct authors per tag and Saudi calendar day of the period, for the given tags only; days without use are absent. */
export async function dailyAuthors(db: Executor, hashtagIds: number[], days: number) {
  if (hashtagIds.length === 0) return [];
  return db
    .select({
      hashtagId: hashtagDays.hashtagId,
      day: sql<string>`to_char(${hashtagDays.day}, 'YYYY-MM-DD')`,
      count: hashtagDays.authors,
    })
    .from(hashtagDays)
    .where(
      and(
        inArray(hashtagDays.hashtagId, hashtagIds),
        gte(hashtagDays.day, sql`((${windowStart(days)}) at time zone 'Asia/Riyadh')::date`),
        gt(hashtagDays.authors, 0),
      ),
    );
}

/** Every Saudi calendar day the period touches, oldest first. */
export async function periodDays(db: Executor, days: number): Promise<string[]> {
  const rows = await db
    .select({ day: sql<string>`to_char(d, 'YYYY-MM-DD')` })
    .from(
      sql`generate_series(((${windowStart(days)}) at time zone 'Asia/Riyadh')::date, (now() at time zone 'Asia/Riyadh')::date, interval '1 day') as d`,
    )
    .orderBy(sql`d`);
  return rows.map((row) => row.day);
}

/**
 * Ids of the tag's posts by engagement, among its newest `cap` posts (read backwards on the tag's primary key),
 * so a tag with a million posts costs the same as a small one.
 */
export async function rankPopularTagPosts(
  db: Executor,
  hashtagId: number,
  viewer: Viewer | null,
  cap: number,
): Promise<number[]> {
  const newest = db
    .select({ id: postHashtags.postId })
    .from(postHashtags)
    .where(eq(postHashtags.hashtagId, hashtagId))
    .orderBy(desc(postHashtags.postId))
    .limit(cap)
    .as('newest');
  const rows = await db
    .select({ id: posts.id })
    .from(newest)
    .innerJoin(posts, eq(posts.id, newest.id))
    .where(visibleTo(viewer))
    .orderBy(desc(engagement), desc(posts.id));
  return rows.map((row) => row.id);
}

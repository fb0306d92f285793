import { and, asc, desc, eq, gt, gte, inArray, like, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { hashtags, postHashtags, posts } from '../../db/schema';
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
 * The author of a tag use, or null when its post is hidden. Looked up per use through the posts primary key, so
 * the work follows the size of the window, never the size of the posts table.
 */
const visibleAuthor = sql<
  string | null
>`(select p.author_id from ${posts} p where p.id = post_hashtags.post_id and p.hidden_at is null)`;

/** A period reads at most this many of its newest tag uses, whatever happens in it. */
export const TRENDING_USES_MAX = 200_000;

/**
 * Tag uses of the period, newest first through the (created_at, hashtag_id) index of post_hashtags. The limit
 * also keeps PostgreSQL from merging this subquery into the aggregates above it, which would look the author
 * up once per aggregate and read the uses in hashtag order through the whole primary key.
 */
function usesSince(db: Executor, days: number, hashtagIds?: number[]) {
  return db
    .select({
      hashtagId: postHashtags.hashtagId,
      authorId: visibleAuthor.as('author_id'),
      createdAt: postHashtags.createdAt,
    })
    .from(postHashtags)
    .where(
      and(
        gte(postHashtags.createdAt, windowStart(days)),
        hashtagIds ? inArray(postHashtags.hashtagId, hashtagIds) : undefined,
      ),
    )
    .orderBy(sql`${postHashtags.createdAt} desc nulls last`)
    .limit(TRENDING_USES_MAX)
    .as('uses');
}

/**
 * The period's most used tags by distinct authors, so one account repeating a tag cannot push it alone. Hidden
 * posts do not count, and deleted ones have no rows left.
 */
export async function trendingHashtags(db: Executor, days: number, count: number) {
  const uses = usesSince(db, days);
  const authors = sql<number>`count(distinct ${uses.authorId})::int`;
  const visibleUses = sql<number>`count(${uses.authorId})::int`;
  const top = db
    .select({
      hashtagId: uses.hashtagId,
      usageCount: authors.as('usage_count'),
      uses: visibleUses.as('uses'),
    })
    .from(uses)
    .groupBy(uses.hashtagId)
    .having(sql`count(${uses.authorId}) > 0`)
    .orderBy(desc(authors), desc(visibleUses), desc(uses.hashtagId))
    .limit(count)
    .as('top');
  return db
    .select({ ...columns, usageCount: top.usageCount })
    .from(top)
    .innerJoin(hashtags, eq(hashtags.id, top.hashtagId))
    .orderBy(desc(top.usageCount), desc(top.uses), desc(hashtags.id));
}

/** Distinct authors per tag and Saudi calendar day of the period, for the given tags only; days without use are absent. */
export async function dailyAuthors(db: Executor, hashtagIds: number[], days: number) {
  if (hashtagIds.length === 0) return [];
  const uses = usesSince(db, days, hashtagIds);
  const day = sql<string>`to_char(${uses.createdAt} at time zone 'Asia/Riyadh', 'YYYY-MM-DD')`;
  return db
    .select({ hashtagId: uses.hashtagId, day, count: sql<number>`count(distinct ${uses.authorId})::int` })
    .from(uses)
    .where(sql`${uses.authorId} is not null`)
    .groupBy(uses.hashtagId, day);
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

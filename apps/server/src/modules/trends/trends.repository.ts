import { and, desc, eq, exists, gte, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { postHashtags, posts } from '../../db/schema';

/** Engagement from the counters kept on the post row: every vote, rating and poll answer once, a comment twice. */
export const engagement = sql<number>`(${posts.upVotes} + ${posts.downVotes} + ${posts.ratingCount} + coalesce((select sum(c)::int from unnest(${posts.pollCounts}) as c), 0) + 2 * ${posts.commentCount})`;

/**
 * Trending score, engagement decaying with age (the Hacker News form):
 *
 *   score = (upVotes + downVotes + ratingCount + pollVotes + 2 * commentCount + 1) / (ageHours + 2) ^ 1.5
 *
 * The +1 lets posts nobody has reacted to yet still order by freshness; the +2 hours keeps a post a minute old
 * from dividing by almost nothing; with the exponent 1.5 a day-old post needs about 9 times the engagement of one
 * four hours old, so the list moves during the day without forgetting yesterday at once.
 */
export const trendingScore = sql<number>`((${engagement} + 1) / power(extract(epoch from (now() - ${posts.createdAt})) / 3600 + 2, 1.5))`;

/** The start of a trending period of `days` days, ending now. */
export function windowStart(days: number): SQL {
  return sql`now() - make_interval(days => ${days})`;
}

/** Only the newest posts of the period are scored, so a busy month costs no more than this many rows. */
export const TRENDING_CANDIDATES = 5_000;
/** Rank positions kept per period; deeper pages of trends are not useful and stay empty. */
export const TRENDING_RANKED = 1_000;

/** Newest first, in the order of the creation-time index (declared `desc nulls last`) so that it is read, not sorted. */
export const newestFirst = sql`${posts.createdAt} desc nulls last`;

/**
 * Ids of the period's trending posts, best first: the newest candidates of the window read through the
 * creation-time index and scored as they are read. Hidden posts are left out for everyone, whoever asks, so the
 * result can be shared between visitors.
 */
export async function rankTrendingPosts(
  db: Executor,
  filter: { days: number; hashtagId?: number | undefined },
): Promise<number[]> {
  const candidates = db
    .select({ id: posts.id, score: trendingScore.as('score') })
    .from(posts)
    .where(
      and(
        gte(posts.createdAt, windowStart(filter.days)),
        isNull(posts.hiddenAt),
        filter.hashtagId === undefined
          ? undefined
          : exists(
              db
                .select({ one: sql`1` })
                .from(postHashtags)
                .where(and(eq(postHashtags.hashtagId, filter.hashtagId), eq(postHashtags.postId, posts.id))),
            ),
      ),
    )
    .orderBy(newestFirst)
    .limit(TRENDING_CANDIDATES)
    .as('candidates');

  const rows = await db
    .select({ id: candidates.id })
    .from(candidates)
    .orderBy(desc(candidates.score), desc(candidates.id))
    .limit(TRENDING_RANKED);
  return rows.map((row) => row.id);
}

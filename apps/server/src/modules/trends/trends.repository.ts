import { and, desc, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { postHashtags, postTrends, posts } from '../../db/schema';

/** Engagement from the counters kept on the post row: every vote, rating and poll answer once, a comment twice. */
export const engagement = sql<number>`(${posts.upVotes} + ${posts.downVotes} + ${posts.ratingCount} + coalesce((select sum(c)::int from unnest(${posts.pollCounts}) as c), 0) + 2 * ${posts.commentCount})`;

/** A post's trending score, the one the trends rank by (see rankTrendingPosts), computed from the post row. */
export const trendingScore = sql<number>`trend_hot(${engagement}, ${posts.createdAt})`;

/** The start of a trending period of `days` days, ending now. */
export function windowStart(days: number): SQL {
  return sql`now() - make_interval(days => ${days})`;
}

/** Only a tag's newest posts of the period are scored, so a busy tag costs no more than this many rows. */
export const TRENDING_CANDIDATES = 5_000;
/** Rank positions kept per period; deeper pages of trends are not useful and stay empty. */
export const TRENDING_RANKED = 1_000;

/**
 * Ids of the period's trending posts, best first, read from the top of the trending-score index (post_trends,
 * migration 0008), which holds only visible posts, so the result can be shared between visitors. A post's score is
 *
 *   log2(upVotes + downVotes + ratingCount + pollVotes + 2 * commentCount + 1) + hours since the epoch / 6
 *
 * so each 6 hours of age halve the weight of its engagement (a post a day older needs 16 times the engagement),
 * and posts nobody has reacted to yet order by freshness. No post of the period scores below its first moment
 * with no engagement, which bounds the part of the index read. A tag's ranking scores the tag's newest posts of
 * the period, at most TRENDING_CANDIDATES of them.
 */
export async function rankTrendingPosts(
  db: Executor,
  filter: { days: number; hashtagId?: number | undefined },
): Promise<number[]> {
  const start = windowStart(filter.days);
  // The creation time is compared as an expression: PostgreSQL would otherwise multiply the selectivities of two
  // ranges that go together (recent posts are the ones with high scores), expect a few hundred rows, and sort
  // them all instead of reading the index in order up to the limit.
  const inPeriod = and(
    gte(postTrends.hot, sql`trend_hot(0, ${start})`),
    sql`${postTrends.createdAt} + interval '0 s' >= ${start}`,
  );
  const best = [desc(postTrends.hot), desc(postTrends.postId)];
  let ranked;
  if (filter.hashtagId === undefined) {
    ranked = db
      .select({ id: postTrends.postId, hot: postTrends.hot })
      .from(postTrends)
      .where(inPeriod)
      .orderBy(...best)
      .limit(TRENDING_RANKED)
      .as('ranked');
  } else {
    const tagged = db
      .select({ id: postHashtags.postId })
      .from(postHashtags)
      .where(and(eq(postHashtags.hashtagId, filter.hashtagId), gte(postHashtags.createdAt, start)))
      .orderBy(desc(postHashtags.postId))
      .limit(TRENDING_CANDIDATES)
      .as('tagged');
    ranked = db
      .select({ id: postTrends.postId, hot: postTrends.hot })
      .from(tagged)
      .innerJoin(postTrends, eq(postTrends.postId, tagged.id))
      .where(inPeriod)
      .orderBy(...best)
      .limit(TRENDING_RANKED)
      .as('ranked');
  }
  // One row holding the ranking as a JSON array: a thousand rows would cost more to send and read than to find.
  const [row] = await db
    .select({
      ids: sql<
        number[]
      >`coalesce(json_agg(${ranked.id} order by ${ranked.hot} desc, ${ranked.id} desc), '[]')`,
    })
    .from(ranked);
  return row?.ids ?? [];
}

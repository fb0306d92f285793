/** Checks that the denormalised counters equal what the rows say, and that seeded posts look like the app's. */
import type pg from 'pg';
import { normalizeArabic } from '@ray/shared/arabic';
import { extractHashtags } from '@ray/shared/hashtags';

export interface CounterCheck {
  ok: boolean;
  /** Rows whose counter differs from a fresh count, per counter family. */
  mismatches: Record<string, number>;
  totals: { votes: number; countedVotes: number; comments: number; countedComments: number };
}

/** Vote counters of every post against COUNT(*) of its votes, per voting type. */
const VOTE_MISMATCHES = `
  select count(*)::int as n from posts p
  left join (
    select post_id, sum(n) filter (where value = 1)::int as up, sum(n) filter (where value = -1)::int as down,
           sum(value * n)::int as rating_sum, sum(n)::int as votes, jsonb_object_agg(value, n) as per_value
      from (select post_id, value, count(*) as n from votes group by post_id, value) pv
     group by post_id
  ) a on a.post_id = p.id
  where case p.voting_type
    when 'like-dislike' then p.up_votes <> coalesce(a.up, 0) or p.down_votes <> coalesce(a.down, 0)
    when 'rating' then p.rating_sum <> coalesce(a.rating_sum, 0) or p.rating_count <> coalesce(a.votes, 0)
    else p.poll_counts is distinct from array(
      select coalesce((a.per_value ->> o::text)::int, 0)
        from generate_series(0, jsonb_array_length(p.poll_options) - 1) o order by o)
      or coalesce(a.votes, 0) <> (select coalesce(sum(c), 0) from unnest(p.poll_counts) c)
  end`;

export async function checkVoteCounters(client: pg.ClientBase): Promise<number> {
  const result = await client.query<{ n: number }>(VOTE_MISMATCHES);
  return result.rows[0]!.n;
}

export async function checkCounters(client: pg.ClientBase): Promise<CounterCheck> {
  const votes = await checkVoteCounters(client);
  const single = async (text: string) => (await client.query<{ n: number }>(text)).rows[0]!.n;
  const comments = await single(`
    select count(*)::int as n from posts p
    left join (select post_id, count(*)::int as n from comments where hidden_at is null group by post_id) c
      on c.post_id = p.id
    where p.comment_count <> coalesce(c.n, 0)`);
  const users = await single(`
    select count(*)::int as n from users u
    left join (select author_id, count(*)::int as n from posts where not is_anonymous group by author_id) a
      on a.author_id = u.id
    where u.posts_count <> coalesce(a.n, 0)`);
  const hashtags = await single(`
    select count(*)::int as n from hashtags h
    left join (select hashtag_id, count(*)::int as n from post_hashtags group by hashtag_id) a on a.hashtag_id = h.id
    where h.post_count <> coalesce(a.n, 0)`);
  const totals = await client.query<{
    votes: number;
    counted_votes: number;
    comments: number;
    counted_comments: number;
  }>(`select (select count(*)::int from votes) as votes,
             (select sum(up_votes + down_votes + rating_count + coalesce((select sum(c) from unnest(poll_counts) c), 0))::int
                from posts) as counted_votes,
             (select count(*)::int from comments where hidden_at is null) as comments,
             (select sum(comment_count)::int from posts) as counted_comments`);
  const row = totals.rows[0]!;
  const mismatches = { votes, comments, users, hashtags };
  return {
    ok: Object.values(mismatches).every((n) => n === 0) && row.votes === row.counted_votes,
    mismatches,
    totals: {
      votes: row.votes,
      countedVotes: row.counted_votes,
      comments: row.comments,
      countedComments: row.counted_comments,
    },
  };
}

/**
 * A sample of posts read back: the normalised copy is what normalizeArabic makes of the content, and the
 * post_hashtags rows are exactly the tags extractHashtags finds in it, as a post created through the API.
 */
export async function checkContentSample(client: pg.ClientBase, size = 2_000): Promise<string> {
  const result = await client.query<{
    id: number;
    content: string;
    content_normalized: string;
    tags: { name: string; key: string }[] | null;
  }>(
    `select p.id, p.content, p.content_normalized,
            (select json_agg(json_build_object('name', ph.name, 'key', h.key) order by h.key)
               from post_hashtags ph join hashtags h on h.id = ph.hashtag_id where ph.post_id = p.id) as tags
       from posts p where p.id in (select 1 + floor(random() * (select max(id) from posts))::bigint
                                      from generate_series(1, $1))`,
    [size],
  );
  for (const row of result.rows) {
    if (normalizeArabic(row.content) !== row.content_normalized)
      throw new Error(`post ${row.id}: content_normalized is not normalizeArabic(content)`);
    const expected = extractHashtags(row.content)
      .map((tag) => `${tag.key}:${tag.name}`)
      .sort();
    const stored = (row.tags ?? []).map((tag) => `${tag.key}:${tag.name}`).sort();
    if (JSON.stringify(expected) !== JSON.stringify(stored))
      throw new Error(
        `post ${row.id}: tags ${stored.join(' ')} differ from the content's ${expected.join(' ')}`,
      );
  }
  return `OK (${result.rows.length} posts)`;
}

import type pg from 'pg';

/** The denormalised counters (votes per post and type, comments per post, posts per user, posts per hashtag)
 * against fresh counts of the rows they stand for. */
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

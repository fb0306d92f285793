-- The trending score of a post is kept at every vote and comment (posts_trend), so its cost is part of each. Its two
-- functions ran as SQL functions of their own at every call: post_engagement took the whole post row (content and
-- search vectors too) and summed the poll's answers in a subquery, and trend_hot was declared immutable over a stable
-- extract(), which keeps the planner from inlining either. The same formulas, written so that they are inlined:
-- engagement from the counters alone, the poll's answers summed without a subquery, and trend_hot declared stable.
-- The values are the same to the bit; trend_counts_rebuild still reads post_engagement.
CREATE OR REPLACE FUNCTION poll_answer_total(p_counts integer[]) RETURNS integer
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  total integer := 0;
  answers integer;
BEGIN
  IF p_counts IS NULL THEN
    RETURN 0;
  END IF;
  FOREACH answers IN ARRAY p_counts LOOP
    total := total + coalesce(answers, 0);
  END LOOP;
  RETURN total;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION counted_engagement(
  p_up_votes integer,
  p_down_votes integer,
  p_rating_count integer,
  p_poll_counts integer[],
  p_comment_count integer
) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT p_up_votes + p_down_votes + p_rating_count + poll_answer_total(p_poll_counts) + 2 * p_comment_count
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION post_engagement(p posts) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT counted_engagement(p.up_votes, p.down_votes, p.rating_count, p.poll_counts, p.comment_count)
$$;
--> statement-breakpoint
ALTER FUNCTION trend_hot(integer, timestamptz) STABLE;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION posts_trend() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  use record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.hidden_at IS NULL THEN
      INSERT INTO post_trends (post_id, created_at, hot)
        VALUES (NEW.id, NEW.created_at, trend_hot(counted_engagement(NEW.up_votes, NEW.down_votes, NEW.rating_count, NEW.poll_counts, NEW.comment_count), NEW.created_at));
    END IF;
    RETURN NULL;
  END IF;

  IF (OLD.hidden_at IS NULL) <> (NEW.hidden_at IS NULL) OR OLD.author_id IS DISTINCT FROM NEW.author_id THEN
    FOR use IN SELECT hashtag_id, created_at FROM post_hashtags WHERE post_id = NEW.id LOOP
      IF OLD.hidden_at IS NULL THEN PERFORM trend_count_use(use.hashtag_id, OLD.author_id, use.created_at, -1); END IF;
      IF NEW.hidden_at IS NULL THEN PERFORM trend_count_use(use.hashtag_id, NEW.author_id, use.created_at, 1); END IF;
    END LOOP;
  END IF;

  IF NEW.hidden_at IS NOT NULL THEN
    IF OLD.hidden_at IS NULL THEN DELETE FROM post_trends WHERE post_id = NEW.id; END IF;
  ELSIF OLD.hidden_at IS NOT NULL THEN
    INSERT INTO post_trends (post_id, created_at, hot)
      VALUES (NEW.id, NEW.created_at, trend_hot(counted_engagement(NEW.up_votes, NEW.down_votes, NEW.rating_count, NEW.poll_counts, NEW.comment_count), NEW.created_at));
  ELSE
    UPDATE post_trends SET created_at = NEW.created_at, hot = trend_hot(counted_engagement(NEW.up_votes, NEW.down_votes, NEW.rating_count, NEW.poll_counts, NEW.comment_count), NEW.created_at)
      WHERE post_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;

CREATE TABLE "hashtag_author_days" (
	"hashtag_id" bigint NOT NULL,
	"day" date NOT NULL,
	"author_id" uuid NOT NULL,
	"uses" integer NOT NULL,
	CONSTRAINT "hashtag_author_days_hashtag_id_day_author_id_pk" PRIMARY KEY("hashtag_id","day","author_id")
);
--> statement-breakpoint
CREATE TABLE "hashtag_days" (
	"hashtag_id" bigint NOT NULL,
	"day" date NOT NULL,
	"authors" integer NOT NULL,
	CONSTRAINT "hashtag_days_hashtag_id_day_pk" PRIMARY KEY("hashtag_id","day")
);
--> statement-breakpoint
CREATE TABLE "hashtag_window_authors" (
	"days" smallint NOT NULL,
	"hashtag_id" bigint NOT NULL,
	"author_id" uuid NOT NULL,
	"uses" integer NOT NULL,
	CONSTRAINT "hashtag_window_authors_days_hashtag_id_author_id_pk" PRIMARY KEY("days","hashtag_id","author_id")
);
--> statement-breakpoint
CREATE TABLE "hashtag_windows" (
	"days" smallint NOT NULL,
	"hashtag_id" bigint NOT NULL,
	"authors" integer NOT NULL,
	"uses" integer NOT NULL,
	CONSTRAINT "hashtag_windows_days_hashtag_id_pk" PRIMARY KEY("days","hashtag_id")
);
--> statement-breakpoint
CREATE TABLE "post_trends" (
	"post_id" bigint PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"hot" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trend_windows" (
	"days" smallint PRIMARY KEY NOT NULL,
	"counted_from" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "hashtag_window_authors_gone_idx" ON "hashtag_window_authors" USING btree ("days") WHERE "hashtag_window_authors"."uses" = 0;--> statement-breakpoint
CREATE INDEX "hashtag_windows_rank_idx" ON "hashtag_windows" USING btree ("days","authors" DESC NULLS FIRST,"uses" DESC NULLS FIRST,"hashtag_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "post_trends_hot_idx" ON "post_trends" USING btree ("hot" DESC NULLS FIRST,"post_id" DESC NULLS FIRST,"created_at");--> statement-breakpoint
-- The trend rankings read the top of maintained counts instead of the period's rows, so a refresh costs the same
-- at a million posts as at ten thousand. The triggers below keep the counts as posts, votes, comments and tag uses
-- are written; a hidden post counts for nothing and is counted in again if it is shown again. trend_roll_off(),
-- run before each refresh, counts out the tag uses that have left each period since the last one.
--
-- Counting a tag use takes the advisory lock 7_370_001 shared and rolling off takes it exclusively, so a use is
-- never counted in a period by one and out of it by the other.

-- Trending score of a post: each 6 hours of age halve the weight of its engagement, so a post a day older needs
-- 16 times the engagement. The order of two posts never changes with the clock, so it is kept in an index.
CREATE FUNCTION trend_hot(p_engagement integer, p_created_at timestamptz) RETURNS double precision
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT log(2, greatest(p_engagement, 0) + 1) + extract(epoch FROM p_created_at) / 21600
$$;
--> statement-breakpoint
-- Engagement from the counters kept on the post row: every vote, rating and poll answer once, a comment twice.
CREATE FUNCTION post_engagement(p posts) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT p.up_votes + p.down_votes + p.rating_count
    + coalesce((SELECT sum(c)::integer FROM unnest(p.poll_counts) AS c), 0) + 2 * p.comment_count
$$;
--> statement-breakpoint
-- One visible use of a tag by an author at a time, counted in (p_delta 1) or out (-1): in the author's day, in the
-- tag's daily authors, and in every period that counts that time.
CREATE FUNCTION trend_count_use(p_hashtag_id bigint, p_author_id uuid, p_at timestamptz, p_delta integer)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  use_day date := (p_at AT TIME ZONE 'Asia/Riyadh')::date;
  day_uses integer;
BEGIN
  PERFORM pg_advisory_xact_lock_shared(7370001);

  IF p_delta > 0 THEN
    INSERT INTO hashtag_author_days AS d (hashtag_id, day, author_id, uses)
      VALUES (p_hashtag_id, use_day, p_author_id, 1)
      ON CONFLICT (hashtag_id, day, author_id) DO UPDATE SET uses = d.uses + 1
      RETURNING d.uses INTO day_uses;
    IF day_uses = 1 THEN
      INSERT INTO hashtag_days AS h (hashtag_id, day, authors) VALUES (p_hashtag_id, use_day, 1)
        ON CONFLICT (hashtag_id, day) DO UPDATE SET authors = h.authors + 1;
    END IF;

    WITH authors AS (
      INSERT INTO hashtag_window_authors AS a (days, hashtag_id, author_id, uses)
        SELECT days, p_hashtag_id, p_author_id, 1 FROM trend_windows WHERE counted_from < p_at
        ON CONFLICT (days, hashtag_id, author_id) DO UPDATE SET uses = a.uses + 1
        RETURNING a.days, a.uses
    )
    INSERT INTO hashtag_windows AS w (days, hashtag_id, authors, uses)
      SELECT days, p_hashtag_id, CASE WHEN uses = 1 THEN 1 ELSE 0 END, 1 FROM authors
      ON CONFLICT (days, hashtag_id) DO UPDATE
        SET authors = w.authors + excluded.authors, uses = w.uses + excluded.uses;
  ELSE
    UPDATE hashtag_author_days SET uses = uses - 1
      WHERE hashtag_id = p_hashtag_id AND day = use_day AND author_id = p_author_id
      RETURNING uses INTO day_uses;
    IF day_uses = 0 THEN
      DELETE FROM hashtag_author_days WHERE hashtag_id = p_hashtag_id AND day = use_day AND author_id = p_author_id;
      UPDATE hashtag_days SET authors = authors - 1 WHERE hashtag_id = p_hashtag_id AND day = use_day;
    END IF;

    WITH authors AS (
      UPDATE hashtag_window_authors a SET uses = a.uses - 1
        FROM trend_windows t
        WHERE t.counted_from < p_at AND a.days = t.days AND a.hashtag_id = p_hashtag_id
          AND a.author_id = p_author_id
        RETURNING a.days, a.uses
    )
    UPDATE hashtag_windows w SET authors = w.authors - CASE WHEN a.uses = 0 THEN 1 ELSE 0 END, uses = w.uses - 1
      FROM authors a
      WHERE w.days = a.days AND w.hashtag_id = p_hashtag_id;
    DELETE FROM hashtag_window_authors
      WHERE days IN (SELECT days FROM trend_windows) AND hashtag_id = p_hashtag_id AND author_id = p_author_id
        AND uses = 0;
  END IF;
END $$;
--> statement-breakpoint
-- A tag use written, removed or moved in time: counted if its post is visible. When a post is deleted its uses go
-- with it after the post row, which posts_trend_delete has already counted out.
CREATE FUNCTION post_hashtags_trend() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  author uuid;
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    SELECT p.author_id INTO author FROM posts p WHERE p.id = OLD.post_id AND p.hidden_at IS NULL;
    IF FOUND THEN PERFORM trend_count_use(OLD.hashtag_id, author, OLD.created_at, -1); END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT p.author_id INTO author FROM posts p WHERE p.id = NEW.post_id AND p.hidden_at IS NULL;
    IF FOUND THEN PERFORM trend_count_use(NEW.hashtag_id, author, NEW.created_at, 1); END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER post_hashtags_trend AFTER INSERT OR DELETE ON post_hashtags
  FOR EACH ROW EXECUTE FUNCTION post_hashtags_trend();
--> statement-breakpoint
CREATE TRIGGER post_hashtags_trend_moved AFTER UPDATE OF hashtag_id, post_id, created_at ON post_hashtags
  FOR EACH ROW WHEN (OLD.hashtag_id IS DISTINCT FROM NEW.hashtag_id OR OLD.post_id IS DISTINCT FROM NEW.post_id
    OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION post_hashtags_trend();
--> statement-breakpoint
-- A post written, its engagement or time changed, hidden or shown again: its trending score and its tag uses.
CREATE FUNCTION posts_trend() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  use record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.hidden_at IS NULL THEN
      INSERT INTO post_trends (post_id, created_at, hot)
        VALUES (NEW.id, NEW.created_at, trend_hot(post_engagement(NEW), NEW.created_at));
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
      VALUES (NEW.id, NEW.created_at, trend_hot(post_engagement(NEW), NEW.created_at));
  ELSE
    UPDATE post_trends SET created_at = NEW.created_at, hot = trend_hot(post_engagement(NEW), NEW.created_at)
      WHERE post_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER posts_trend_insert AFTER INSERT ON posts FOR EACH ROW EXECUTE FUNCTION posts_trend();
--> statement-breakpoint
CREATE TRIGGER posts_trend_update AFTER UPDATE ON posts FOR EACH ROW
  WHEN (OLD.hidden_at IS DISTINCT FROM NEW.hidden_at OR OLD.author_id IS DISTINCT FROM NEW.author_id
    OR OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.up_votes IS DISTINCT FROM NEW.up_votes
    OR OLD.down_votes IS DISTINCT FROM NEW.down_votes OR OLD.rating_count IS DISTINCT FROM NEW.rating_count
    OR OLD.poll_counts IS DISTINCT FROM NEW.poll_counts OR OLD.comment_count IS DISTINCT FROM NEW.comment_count)
  EXECUTE FUNCTION posts_trend();
--> statement-breakpoint
-- A deleted post's tag uses are counted out while the post row still says whose they were.
CREATE FUNCTION posts_trend_delete() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  use record;
BEGIN
  IF OLD.hidden_at IS NULL THEN
    FOR use IN SELECT hashtag_id, created_at FROM post_hashtags WHERE post_id = OLD.id LOOP
      PERFORM trend_count_use(use.hashtag_id, OLD.author_id, use.created_at, -1);
    END LOOP;
  END IF;
  DELETE FROM post_trends WHERE post_id = OLD.id;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER posts_trend_delete BEFORE DELETE ON posts FOR EACH ROW EXECUTE FUNCTION posts_trend_delete();
--> statement-breakpoint
-- Counts out of each period the visible tag uses that have left it since it was last moved on.
CREATE FUNCTION trend_roll_off() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  period record;
  until_at timestamptz;
BEGIN
  PERFORM pg_advisory_xact_lock(7370001);
  FOR period IN SELECT days, counted_from FROM trend_windows ORDER BY days LOOP
    until_at := now() - make_interval(days => period.days);
    CONTINUE WHEN until_at <= period.counted_from;
    WITH leaving AS (
      SELECT ph.hashtag_id, p.author_id, count(*)::integer AS n
        FROM post_hashtags ph JOIN posts p ON p.id = ph.post_id AND p.hidden_at IS NULL
        WHERE ph.created_at > period.counted_from AND ph.created_at <= until_at
        GROUP BY ph.hashtag_id, p.author_id
    ), authors AS (
      UPDATE hashtag_window_authors a SET uses = a.uses - l.n
        FROM leaving l
        WHERE a.days = period.days AND a.hashtag_id = l.hashtag_id AND a.author_id = l.author_id
        RETURNING a.hashtag_id, a.uses, l.n
    )
    UPDATE hashtag_windows w SET authors = w.authors - g.gone, uses = w.uses - g.n
      FROM (
        SELECT hashtag_id, count(*) FILTER (WHERE uses <= 0)::integer AS gone, sum(n)::integer AS n
          FROM authors GROUP BY hashtag_id
      ) g
      WHERE w.days = period.days AND w.hashtag_id = g.hashtag_id;
    DELETE FROM hashtag_window_authors WHERE days = period.days AND uses = 0;
    UPDATE trend_windows SET counted_from = until_at WHERE days = period.days;
  END LOOP;
END $$;
--> statement-breakpoint
-- Every count from the posts and tag uses as they are: for this migration, and after a bulk load written with the
-- triggers off.
CREATE FUNCTION trend_counts_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(7370001);
  TRUNCATE post_trends, trend_windows, hashtag_author_days, hashtag_days, hashtag_window_authors, hashtag_windows;
  INSERT INTO post_trends (post_id, created_at, hot)
    SELECT p.id, p.created_at, trend_hot(post_engagement(p), p.created_at) FROM posts p WHERE p.hidden_at IS NULL;
  INSERT INTO trend_windows (days, counted_from)
    SELECT days, now() - make_interval(days => days) FROM unnest(ARRAY[1, 7, 30]) AS days;
  INSERT INTO hashtag_author_days (hashtag_id, day, author_id, uses)
    SELECT ph.hashtag_id, (ph.created_at AT TIME ZONE 'Asia/Riyadh')::date, p.author_id, count(*)
      FROM post_hashtags ph JOIN posts p ON p.id = ph.post_id AND p.hidden_at IS NULL
      GROUP BY 1, 2, 3;
  INSERT INTO hashtag_days (hashtag_id, day, authors)
    SELECT hashtag_id, day, count(*) FROM hashtag_author_days GROUP BY 1, 2;
  INSERT INTO hashtag_window_authors (days, hashtag_id, author_id, uses)
    SELECT w.days, ph.hashtag_id, p.author_id, count(*)
      FROM trend_windows w
      JOIN post_hashtags ph ON ph.created_at > w.counted_from
      JOIN posts p ON p.id = ph.post_id AND p.hidden_at IS NULL
      GROUP BY 1, 2, 3;
  INSERT INTO hashtag_windows (days, hashtag_id, authors, uses)
    SELECT days, hashtag_id, count(*), sum(uses) FROM hashtag_window_authors GROUP BY 1, 2;
END $$;
--> statement-breakpoint
SELECT trend_counts_rebuild();
--> statement-breakpoint
-- Every vote and comment moves a post's score, and so its index entry: the ranking is read by an index-only scan,
-- which stays one when the table is vacuumed after a few thousand changes rather than after a fifth of its rows.
ALTER TABLE post_trends SET (autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_threshold = 1000);
--> statement-breakpoint
ANALYZE post_trends, hashtag_author_days, hashtag_days, hashtag_window_authors, hashtag_windows;

-- The following feed's rows: the signed posts of the people each reader follows, kept by the triggers below so
-- that every path that follows, unfollows, posts or changes a post's anonymity keeps them (the services, moderation,
-- account deletion, the seeds). A page of the feed then reads one reader's rows newest first.
CREATE TABLE "following_posts" (
	"reader_id" uuid NOT NULL,
	"post_id" bigint NOT NULL,
	"author_id" uuid NOT NULL,
	CONSTRAINT "following_posts_reader_id_post_id_pk" PRIMARY KEY("reader_id","post_id")
);
--> statement-breakpoint
ALTER TABLE "following_posts" ADD CONSTRAINT "following_posts_reader_id_users_id_fk" FOREIGN KEY ("reader_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "following_posts" ADD CONSTRAINT "following_posts_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "following_posts_post_idx" ON "following_posts" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "following_posts_author_idx" ON "following_posts" USING btree ("reader_id","author_id");--> statement-breakpoint
-- A follow brings the followed person's signed posts; an unfollow (or a block, or a deleted account, which end
-- follows) takes them away.
CREATE FUNCTION following_posts_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO following_posts (reader_id, post_id, author_id)
      SELECT NEW.follower_id, p.id, p.author_id FROM posts p
      WHERE p.author_id = NEW.followed_id AND NOT p.is_anonymous
      ON CONFLICT DO NOTHING;
  ELSE
    DELETE FROM following_posts WHERE reader_id = OLD.follower_id AND author_id = OLD.followed_id;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER follows_following_posts AFTER INSERT OR DELETE ON follows
  FOR EACH ROW EXECUTE FUNCTION following_posts_follow();--> statement-breakpoint
-- A new signed post joins the rows of every follower of its author; a post made anonymous leaves them, one made
-- signed joins them. Deleted posts leave through the foreign key; hidden ones stay and are skipped when read.
CREATE FUNCTION following_posts_post() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.is_anonymous AND NOT OLD.is_anonymous THEN
    DELETE FROM following_posts WHERE post_id = NEW.id;
  ELSIF NOT NEW.is_anonymous AND (TG_OP = 'INSERT' OR OLD.is_anonymous) THEN
    INSERT INTO following_posts (reader_id, post_id, author_id)
      SELECT f.follower_id, NEW.id, NEW.author_id FROM follows f
      WHERE f.followed_id = NEW.author_id
      ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER posts_following_posts AFTER INSERT OR UPDATE OF is_anonymous ON posts
  FOR EACH ROW EXECUTE FUNCTION following_posts_post();--> statement-breakpoint
INSERT INTO following_posts (reader_id, post_id, author_id)
  SELECT f.follower_id, p.id, p.author_id FROM follows f
  JOIN posts p ON p.author_id = f.followed_id AND NOT p.is_anonymous
  ON CONFLICT DO NOTHING;

CREATE TABLE "blocks" (
	"blocker_id" uuid NOT NULL,
	"blocked_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blocks_blocker_id_blocked_id_pk" PRIMARY KEY("blocker_id","blocked_id"),
	CONSTRAINT "blocks_not_self_check" CHECK ("blocks"."blocker_id" <> "blocks"."blocked_id")
);
--> statement-breakpoint
CREATE TABLE "muted_words" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "muted_words_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"word" text NOT NULL,
	"word_normalized" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "muted_words_word_check" CHECK (char_length("muted_words"."word") between 1 and 50)
);
--> statement-breakpoint
CREATE TABLE "mutes" (
	"muter_id" uuid NOT NULL,
	"muted_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mutes_muter_id_muted_id_pk" PRIMARY KEY("muter_id","muted_id"),
	CONSTRAINT "mutes_not_self_check" CHECK ("mutes"."muter_id" <> "mutes"."muted_id")
);
--> statement-breakpoint
CREATE TABLE "post_versions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "post_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"post_id" bigint NOT NULL,
	"content" text NOT NULL,
	"written_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "parent_id" bigint;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "reply_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "image_alt" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "poll_closes_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "poll_closed_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_blocker_id_users_id_fk" FOREIGN KEY ("blocker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_blocked_id_users_id_fk" FOREIGN KEY ("blocked_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "muted_words" ADD CONSTRAINT "muted_words_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mutes" ADD CONSTRAINT "mutes_muter_id_users_id_fk" FOREIGN KEY ("muter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mutes" ADD CONSTRAINT "mutes_muted_id_users_id_fk" FOREIGN KEY ("muted_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_versions" ADD CONSTRAINT "post_versions_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blocks_blocked_idx" ON "blocks" USING btree ("blocked_id","blocker_id");--> statement-breakpoint
CREATE UNIQUE INDEX "muted_words_user_word_key" ON "muted_words" USING btree ("user_id","word_normalized");--> statement-breakpoint
CREATE INDEX "post_versions_post_idx" ON "post_versions" USING btree ("post_id","id");--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_parent_id_comments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comments_top_idx" ON "comments" USING btree ("post_id","id") WHERE "comments"."parent_id" is null;--> statement-breakpoint
CREATE INDEX "comments_replies_idx" ON "comments" USING btree ("parent_id","id") WHERE "comments"."parent_id" is not null;--> statement-breakpoint
CREATE INDEX "posts_poll_closing_idx" ON "posts" USING btree ("poll_closes_at") WHERE "posts"."poll_closes_at" is not null and "posts"."poll_closed_notified_at" is null;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_reply_count_check" CHECK ("comments"."reply_count" >= 0);--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('like', 'rating', 'poll', 'comment', 'reply', 'mention', 'follow', 'trending', 'poll-closed', 'warning', 'suspended', 'suspension-lifted'));--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_image_alt_check" CHECK (char_length("posts"."image_alt") <= 200);--> statement-breakpoint
-- cast_vote of migration 0012, which now also refuses a vote across a block on a signed post ('blocked') and a
-- vote on a poll past its end ('closed'); the signature and the answer's columns are unchanged.
CREATE OR REPLACE FUNCTION cast_vote(
  p_post_id bigint,
  p_user_id uuid,
  p_value integer,
  p_sees_hidden boolean,
  p_excerpt_length integer
) RETURNS TABLE (
  outcome text,
  previous integer,
  voting_type text,
  up_votes integer,
  down_votes integer,
  rating_sum integer,
  rating_count integer,
  poll_counts integer[],
  notification_id bigint,
  notification_recipient uuid,
  suspended_until timestamptz
) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  post record;
  d_up integer := 0;
  d_down integer := 0;
  d_sum integer := 0;
  d_count integer := 0;
  poll_slot integer;
  notice_kind text;
  group_target text;
BEGIN
  SELECT u.suspended_until INTO suspended_until
    FROM users u
    WHERE u.id = p_user_id AND u.suspended_until > now();
  IF FOUND THEN
    outcome := 'suspended';
    RETURN NEXT;
    RETURN;
  END IF;
  SELECT p.voting_type, p.author_id, p.hidden_at, p.content, p.poll_options, p.is_anonymous, p.poll_closes_at
    INTO post
    FROM posts p
    WHERE p.id = p_post_id
    FOR UPDATE;
  IF NOT FOUND OR (post.hidden_at IS NOT NULL AND NOT p_sees_hidden AND post.author_id <> p_user_id) THEN
    outcome := 'not-found';
    RETURN NEXT;
    RETURN;
  END IF;
  voting_type := post.voting_type;
  -- A block between the voter and the author of a signed post, in either direction, refuses the vote. An
  -- anonymous post is outside blocks: a refusal would tell who wrote it.
  IF NOT post.is_anonymous AND EXISTS (
      SELECT 1 FROM blocks b
      WHERE (b.blocker_id = post.author_id AND b.blocked_id = p_user_id)
         OR (b.blocker_id = p_user_id AND b.blocked_id = post.author_id)) THEN
    outcome := 'blocked';
    RETURN NEXT;
    RETURN;
  END IF;
  IF post.poll_closes_at IS NOT NULL AND post.poll_closes_at <= now() THEN
    outcome := 'closed';
    RETURN NEXT;
    RETURN;
  END IF;
  IF (post.voting_type = 'like-dislike' AND p_value NOT IN (1, -1))
    OR (post.voting_type = 'rating' AND p_value NOT BETWEEN 1 AND 5)
    OR (post.voting_type = 'poll' AND (p_value < 0 OR p_value >= jsonb_array_length(post.poll_options))) THEN
    outcome := 'invalid';
    RETURN NEXT;
    RETURN;
  END IF;

  -- A new snapshot, taken after the lock was granted: it sees a vote committed while this call waited.
  SELECT v.value INTO previous FROM votes v WHERE v.post_id = p_post_id AND v.user_id = p_user_id;

  CASE post.voting_type
    WHEN 'like-dislike' THEN
      IF previous = p_value THEN
        DELETE FROM votes WHERE post_id = p_post_id AND user_id = p_user_id;
        outcome := 'removed';
      ELSE
        INSERT INTO votes (post_id, user_id, value) VALUES (p_post_id, p_user_id, p_value)
          ON CONFLICT (post_id, user_id) DO UPDATE SET value = excluded.value, updated_at = now();
        outcome := 'voted';
        d_up := CASE WHEN p_value = 1 THEN 1 ELSE 0 END;
        d_down := CASE WHEN p_value = -1 THEN 1 ELSE 0 END;
      END IF;
      d_up := d_up - CASE WHEN previous = 1 THEN 1 ELSE 0 END;
      d_down := d_down - CASE WHEN previous = -1 THEN 1 ELSE 0 END;
    WHEN 'rating' THEN
      INSERT INTO votes (post_id, user_id, value) VALUES (p_post_id, p_user_id, p_value)
        ON CONFLICT (post_id, user_id) DO UPDATE SET value = excluded.value, updated_at = now()
        WHERE votes.value <> excluded.value;
      outcome := 'voted';
      d_sum := p_value - coalesce(previous, 0);
      d_count := CASE WHEN previous IS NULL THEN 1 ELSE 0 END;
    ELSE
      IF previous IS NOT NULL THEN
        outcome := 'already-voted';
        RETURN NEXT;
        RETURN;
      END IF;
      INSERT INTO votes (post_id, user_id, value) VALUES (p_post_id, p_user_id, p_value);
      outcome := 'voted';
      poll_slot := p_value + 1;
  END CASE;

  UPDATE posts p SET
      up_votes = p.up_votes + d_up,
      down_votes = p.down_votes + d_down,
      rating_sum = p.rating_sum + d_sum,
      rating_count = p.rating_count + d_count,
      poll_counts = CASE WHEN poll_slot IS NULL THEN p.poll_counts
        ELSE p.poll_counts[:poll_slot - 1] || (p.poll_counts[poll_slot] + 1) || p.poll_counts[poll_slot + 1:] END
    WHERE p.id = p_post_id
    RETURNING p.up_votes, p.down_votes, p.rating_sum, p.rating_count, p.poll_counts
    INTO up_votes, down_votes, rating_sum, rating_count, poll_counts;

  -- A like, rating or poll vote by someone the author has not yet heard of for this post tells the author;
  -- the people of one post fold into one unread notification, which counts them.
  IF outcome = 'voted' AND (post.voting_type <> 'like-dislike' OR p_value = 1)
    AND post.author_id <> p_user_id THEN
    notice_kind := CASE post.voting_type WHEN 'like-dislike' THEN 'like' ELSE post.voting_type END;
    group_target := notice_kind || ':' || p_post_id;
    INSERT INTO notification_actors (recipient_id, target, actor_id)
      VALUES (post.author_id, group_target, p_user_id)
      ON CONFLICT DO NOTHING;
    IF FOUND THEN
      INSERT INTO notifications AS n (recipient_id, kind, content, post_id, group_key)
        VALUES (
          post.author_id,
          notice_kind,
          CASE WHEN char_length(post.content) > p_excerpt_length
            THEN left(post.content, p_excerpt_length) || '…' ELSE post.content END,
          p_post_id,
          group_target
        )
        ON CONFLICT (recipient_id, group_key) WHERE group_key IS NOT NULL AND NOT is_read
        DO UPDATE SET count = n.count + 1, content = excluded.content, updated_at = now()
        RETURNING n.id, n.recipient_id INTO notification_id, notification_recipient;
    END IF;
  END IF;
  RETURN NEXT;
END;
$$;

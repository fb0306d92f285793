-- Ad impressions and clicks are counted from ad_events (migration 0010) by a visitor id the server issues.
DROP TABLE "ad_impressions" CASCADE;--> statement-breakpoint
CREATE INDEX "comments_created_brin" ON "comments" USING brin ("created_at");--> statement-breakpoint
CREATE INDEX "users_created_brin" ON "users" USING brin ("created_at");--> statement-breakpoint
CREATE INDEX "votes_created_brin" ON "votes" USING brin ("created_at");--> statement-breakpoint
-- Everyone already told about (a first like, rating or poll vote, a follow) stays counted: taking the action
-- back and doing it again after this migration notifies no one.
INSERT INTO notification_actors (recipient_id, target, actor_id)
  SELECT p.author_id,
      CASE p.voting_type WHEN 'like-dislike' THEN 'like' ELSE p.voting_type END || ':' || p.id,
      v.user_id
    FROM votes v
    JOIN posts p ON p.id = v.post_id
    WHERE v.user_id <> p.author_id AND (p.voting_type <> 'like-dislike' OR v.value = 1)
  ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO notification_actors (recipient_id, target, actor_id)
  SELECT f.followed_id, 'follow', f.follower_id FROM follows f
  ON CONFLICT DO NOTHING;--> statement-breakpoint
-- cast_vote of migration 0006, with two changes. The author hears of each person once per post: the voter is
-- recorded in notification_actors under the notification's group ('like:<post id>'); only a voter not yet
-- recorded there writes or folds into the author's notification, so a like taken back and given again, a
-- dislike turned into a like, or a changed rating tell nobody again, and a notification's count is the number
-- of different people it stands for. And a voter a moderator suspended is refused (outcome 'suspended', with
-- the end of the suspension), in the same single call.
DROP FUNCTION cast_vote(bigint, uuid, integer, boolean, jsonb);--> statement-breakpoint
CREATE FUNCTION cast_vote(
  p_post_id bigint,
  p_user_id uuid,
  p_value integer,
  p_sees_hidden boolean,
  p_notice jsonb
) RETURNS TABLE (
  outcome text,
  previous integer,
  voting_type text,
  up_votes integer,
  down_votes integer,
  rating_sum integer,
  rating_count integer,
  poll_counts integer[],
  notification json,
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
  notice jsonb;
  excerpt_length integer;
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
  SELECT p.voting_type, p.author_id, p.hidden_at, p.content, p.poll_options
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
    notice := p_notice -> post.voting_type;
    group_target := (notice ->> 'group') || ':' || p_post_id;
    INSERT INTO notification_actors (recipient_id, target, actor_id)
      VALUES (post.author_id, group_target, p_user_id)
      ON CONFLICT DO NOTHING;
    IF FOUND THEN
      excerpt_length := (p_notice ->> 'excerptLength')::integer;
      INSERT INTO notifications AS n (recipient_id, type, sender_name, message, content, post_id, group_key)
        VALUES (
          post.author_id,
          notice ->> 'type',
          p_notice ->> 'senderName',
          notice ->> 'message',
          CASE WHEN char_length(post.content) > excerpt_length
            THEN left(post.content, excerpt_length) || '…' ELSE post.content END,
          p_post_id,
          group_target
        )
        ON CONFLICT (recipient_id, group_key) WHERE group_key IS NOT NULL AND NOT is_read
        DO UPDATE SET count = n.count + 1, message = excluded.message, sender_name = excluded.sender_name,
          updated_at = now()
        RETURNING row_to_json(n) INTO notification;
    END IF;
  END IF;
  RETURN NEXT;
END;
$$;

-- A notification is stored as data (what happened, who acted, about which post, how many people) and its Arabic
-- text is written when it is read; `type`, `sender_name` and `message` give way to `kind` and `details`.
ALTER TABLE "notifications" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "details" jsonb;--> statement-breakpoint
-- The kind of each stored notification, from its type and group; the moderation team's notices are told apart by
-- the texts they were written with (migration 0010).
UPDATE "notifications" n SET "kind" = CASE
    WHEN n.type = 'upvote' THEN coalesce(
      split_part(n.group_key, ':', 1),
      (SELECT p.voting_type FROM posts p WHERE p.id = n.post_id),
      'rating')
    WHEN n.type <> 'other' THEN n.type
    WHEN n.message LIKE 'تنبيه من فريق الإشراف: %' THEN 'warning'
    WHEN n.message = 'رفع فريق الإشراف الإيقاف عن حسابك' THEN 'suspension-lifted'
    ELSE 'suspended'
  END;--> statement-breakpoint
UPDATE "notifications" n SET "details" = CASE n.kind
    WHEN 'warning' THEN jsonb_build_object('message', substr(n.message, char_length('تنبيه من فريق الإشراف: ') + 1))
    ELSE jsonb_build_object('until', to_json(coalesce(
      (SELECT u.suspended_until FROM users u WHERE u.id = n.recipient_id), n.created_at)))
  END
  WHERE n.kind IN ('warning', 'suspended');--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "kind" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_check";--> statement-breakpoint
ALTER TABLE "notifications" DROP COLUMN "type";--> statement-breakpoint
ALTER TABLE "notifications" DROP COLUMN "sender_name";--> statement-breakpoint
ALTER TABLE "notifications" DROP COLUMN "message";--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('like', 'rating', 'poll', 'comment', 'reply', 'follow', 'trending', 'warning', 'suspended', 'suspension-lifted'));--> statement-breakpoint
-- cast_vote of migration 0011, told nothing of how a notification reads: it stores the kind (like, rating or
-- poll, from the post's voting type), the post and an excerpt of it, and answers the notification's id and
-- recipient.
DROP FUNCTION cast_vote(bigint, uuid, integer, boolean, jsonb);--> statement-breakpoint
CREATE FUNCTION cast_vote(
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

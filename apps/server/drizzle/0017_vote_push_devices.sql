-- cast_vote of migration 0013, which also says whether the notified author has a device subscribed for push
-- (recipient_has_devices), so that a vote for someone without one costs no second query.
DROP FUNCTION cast_vote(bigint, uuid, integer, boolean, integer);--> statement-breakpoint
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
  recipient_has_devices boolean,
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
      -- Most people have no device subscribed: then the caller skips the push lookup altogether.
      IF notification_id IS NOT NULL THEN
        recipient_has_devices := EXISTS (
          SELECT 1 FROM push_subscriptions s WHERE s.user_id = notification_recipient);
      END IF;
    END IF;
  END IF;
  RETURN NEXT;
END;
$$;

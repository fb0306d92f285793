-- Votes that arrive together are written in one statement and one transaction, each exactly as cast_vote writes it
-- alone and in the order it came (p_votes is a JSON array of {post, user, value, seesHidden}). The posts are locked
-- in the order of their ids, so batches written at the same time by several instances never wait for each other in
-- a circle. The answer has a row per vote, numbered by its place in p_votes from 0.
CREATE FUNCTION cast_votes(p_votes jsonb, p_excerpt_length integer) RETURNS TABLE (
  ordinal integer,
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
DECLARE
  item record;
BEGIN
  FOR item IN
    SELECT (e.ordinality - 1)::integer AS place, e.vote
      FROM jsonb_array_elements(p_votes) WITH ORDINALITY AS e (vote, ordinality)
      ORDER BY (e.vote->>'post')::bigint, e.ordinality
  LOOP
    RETURN QUERY
      SELECT item.place, c.*
        FROM cast_vote(
          (item.vote->>'post')::bigint,
          (item.vote->>'user')::uuid,
          (item.vote->>'value')::integer,
          (item.vote->>'seesHidden')::boolean,
          p_excerpt_length
        ) AS c;
  END LOOP;
END;
$$;

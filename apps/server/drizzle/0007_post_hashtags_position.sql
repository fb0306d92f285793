-- A post's tags are written in one statement, in the order of their keys (so that two posts naming the same tags
-- in another order lock them in the same order and cannot deadlock); the position keeps the order the author wrote
-- them in, for display. Rows written before keep 0 and their former order (by tag id).
ALTER TABLE "post_hashtags" ADD COLUMN "position" smallint DEFAULT 0 NOT NULL;

-- Consonant skeleton of every Arabic word of a text already passed through normalizeArabic: the article with its
-- attached particles (ال، وال، بال، فال، كال، لل، ولل) and the endings ات، ون، ين، ه are dropped when three letters
-- remain, then the long vowels (ا، و، ي) after the first letter. كتاب، الكتب and بالكتاب all become كتب, مدرسه and
-- المدارس become مدرس, so search finds broken plurals that the arabic stemmer leaves apart. A word whose skeleton
-- would be shorter than three letters keeps its stem, so that short words do not all collapse together.
CREATE OR REPLACE FUNCTION arabic_skeleton(input text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
  SELECT coalesce(string_agg(
    CASE WHEN char_length(regexp_replace(substr(stem, 2), '[اوي]', '', 'g')) >= 2
      THEN substr(stem, 1, 1) || regexp_replace(substr(stem, 2), '[اوي]', '', 'g')
      ELSE stem
    END, ' '), '')
  FROM (
    SELECT regexp_replace(regexp_replace(word, '^(وبال|وال|بال|فال|كال|ولل|لل|ال)(?=.{3})', ''), '(?<=.{3})(ات|ون|ين|ه)$', '') AS stem
    FROM regexp_split_to_table(input, '[^ء-ي]+') AS word
    WHERE word <> ''
  ) AS words
$$;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "search_skeleton" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', arabic_skeleton(content_normalized))) STORED;--> statement-breakpoint
CREATE INDEX "posts_skeleton_idx" ON "posts" USING gin ("search_skeleton");
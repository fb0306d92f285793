/** Checks that the denormalised counters equal what the rows say, and that seeded posts look like the app's. */
import type pg from 'pg';
import { normalizeArabic } from '@ray/shared/arabic';
import { extractHashtags } from '@ray/shared/hashtags';

export { checkCounters, checkVoteCounters, type CounterCheck } from '../apps/server/src/test/counters';

/**
 * A sample of posts read back: the normalised copy is what normalizeArabic makes of the content, and the
 * post_hashtags rows are exactly the tags extractHashtags finds in it, as a post created through the API.
 */
export async function checkContentSample(client: pg.ClientBase, size = 2_000): Promise<string> {
  const result = await client.query<{
    id: number;
    content: string;
    content_normalized: string;
    tags: { name: string; key: string }[] | null;
  }>(
    `select p.id, p.content, p.content_normalized,
            (select json_agg(json_build_object('name', ph.name, 'key', h.key) order by h.key)
               from post_hashtags ph join hashtags h on h.id = ph.hashtag_id where ph.post_id = p.id) as tags
       from posts p where p.id in (select 1 + floor(random() * (select max(id) from posts))::bigint
                                      from generate_series(1, $1))`,
    [size],
  );
  for (const row of result.rows) {
    if (normalizeArabic(row.content) !== row.content_normalized)
      throw new Error(`post ${row.id}: content_normalized is not normalizeArabic(content)`);
    const expected = extractHashtags(row.content)
      .map((tag) => `${tag.key}:${tag.name}`)
      .sort();
    const stored = (row.tags ?? []).map((tag) => `${tag.key}:${tag.name}`).sort();
    if (JSON.stringify(expected) !== JSON.stringify(stored))
      throw new Error(
        `post ${row.id}: tags ${stored.join(' ')} differ from the content's ${expected.join(' ')}`,
      );
  }
  return `OK (${result.rows.length} posts)`;
}

import { and, desc, eq, inArray, isNull, like, or, sql, type SQL } from 'drizzle-orm';
import type { SearchSort } from '@ray/shared/schemas/search';
import type { Executor } from '../../db/client';
import { hashtags, postHashtags, posts } from '../../db/schema';
import { escapeLike } from '../../lib/like';
import { engagement, trendingScore } from '../trends/trends.repository';
import type { SearchWord } from './search-terms';

/** Characters of a word in normalised text; anything else, `_` of hashtags included, separates words. */
const WORD_CHARS = '0-9a-zء-ي';
/** Particles written glued to the next word: a fragment may follow them at the start of a word. */
const CLITICS = '(وبال|وال|بال|فال|كال|ولل|لل|ال|و|ف|ب|ك|ل)?';

function escapeRegex(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');
}

/**
 * A word matches a post when any of these holds, each served by an index of posts:
 * - the arabic stemmer (search_vector) finds the word or its core: كتابي → كتاب;
 * - its consonant skeleton is one of the post's (search_skeleton): كتاب ↔ الكتب, مدرسه ↔ المدارس;
 * - a word of the text starts with its fragment, possibly behind glued particles (trigram index): قهو finds
 *   القهوه and والقهوه, while مكتبه does not match كتب nor ابوابها ابها. A two-letter word instead matches
 *   the start of a stemmed word; it is letters and digits only, so it can be quoted into the tsquery as is.
 */
function wordMatches(word: SearchWord): SQL {
  const stems =
    word.core === word.text
      ? sql`plainto_tsquery('arabic', ${word.text})`
      : sql`(plainto_tsquery('arabic', ${word.text}) || plainto_tsquery('arabic', ${word.core}))`;
  const conditions: SQL[] = [sql`${posts.searchVector} @@ ${stems}`];
  if (word.arabic)
    conditions.push(sql`${posts.searchSkeleton} @@ plainto_tsquery('simple', arabic_skeleton(${word.text}))`);
  if (word.fragment !== null) {
    // LIKE is what the trigram index and the row estimates understand; the regular expression, the costliest
    // test, only rechecks its rows for a word start.
    conditions.push(
      and(
        like(posts.contentNormalized, `%${escapeLike(word.fragment)}%`),
        sql`${posts.contentNormalized} ~ ${`(^|[^${WORD_CHARS}])${CLITICS}${escapeRegex(word.fragment)}`}`,
      )!,
    );
  } else {
    conditions.push(sql`${posts.searchVector} @@ to_tsquery('simple', ${`'${word.text}':*`})`);
  }
  return or(...conditions)!;
}

/** The newest posts of a tag: a semi-join read backwards on the tag's primary key. */
function carriesTag(hashtagId: number): SQL {
  return inArray(
    posts.id,
    sql`(select ${postHashtags.postId} from ${postHashtags} where ${postHashtags.hashtagId} = ${hashtagId})`,
  );
}

export async function findHashtagIds(db: Executor, keys: string[]): Promise<Map<string, number>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .select({ id: hashtags.id, key: hashtags.key })
    .from(hashtags)
    .where(inArray(hashtags.key, keys));
  return new Map(rows.map((row) => [row.key, row.id]));
}

export interface SearchPlan {
  words: SearchWord[];
  phrase: string[];
  /** Posts must carry all of these tags. */
  requiredTagIds: number[];
  /** Posts carrying any of these tags rank first. */
  bonusTagIds: number[];
  sortBy: SearchSort;
  /** At most this many matches, the newest, are ranked. */
  cap: number;
}

/**
 * Ids of matching visible posts in the requested order. Every word must match; at most `cap` newest matches
 * are taken before ranking, so the cost and the reported total stay bounded whatever the query.
 * Only post content and tags are searched: author names never are, so an anonymous post cannot be found by
 * its author.
 */
export async function rankSearchResults(db: Executor, plan: SearchPlan): Promise<number[]> {
  const candidates = db
    .select({ id: posts.id })
    .from(posts)
    .where(
      and(...plan.words.map(wordMatches), ...plan.requiredTagIds.map(carriesTag), isNull(posts.hiddenAt)),
    )
    .orderBy(desc(posts.id))
    .limit(plan.cap)
    .as('candidates');

  const phraseHit =
    plan.phrase.length > 0
      ? sql`${posts.contentNormalized} ~ ${`(^|[^${WORD_CHARS}])${plan.phrase.map(escapeRegex).join(`[^${WORD_CHARS}]+`)}($|[^${WORD_CHARS}])`}`
      : sql`false`;
  const tagHit =
    plan.bonusTagIds.length > 0
      ? sql`exists(select 1 from ${postHashtags} where ${postHashtags.postId} = ${posts.id} and ${inArray(postHashtags.hashtagId, plan.bonusTagIds)})`
      : sql`false`;
  const anyWord =
    plan.words.length > 0
      ? sql.join(
          plan.words.map((word) => sql`plainto_tsquery('arabic', ${word.text})`),
          sql` || `,
        )
      : sql`''::tsquery`;

  const order: Record<SearchSort, SQL[]> = {
    relevance: [
      desc(sql`(${phraseHit})::int + (${tagHit})::int`),
      desc(sql`ts_rank(${posts.searchVector}, ${anyWord})`),
      desc(posts.id),
    ],
    recent: [desc(posts.id)],
    popular: [desc(engagement), desc(posts.id)],
    trending: [desc(trendingScore), desc(posts.id)],
  };
  const rows = await db
    .select({ id: posts.id })
    .from(candidates)
    .innerJoin(posts, eq(posts.id, candidates.id))
    .orderBy(...order[plan.sortBy]);
  return rows.map((row) => row.id);
}

import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { blocks, hashtags, mutedWords, mutes, postHashtags } from '../../db/schema';

/**
 * The SQL conditions of blocks, mutes and muted words, written into the one statement of every list (feeds,
 * search, hashtags, trends, comments, people) as `not exists (...)` on primary keys, so a page costs the same
 * number of queries with or without them.
 *
 * Anonymous content stays outside blocks and mutes in both directions: hiding an anonymous post or comment after
 * a block, or refusing an answer to it, would tell who wrote it. Muted words do apply to anonymous posts, since
 * they depend on the text only.
 */

/** A user id: a column, an SQL expression (a prepared statement's parameter) or a value. */
export type UserRef = SQLWrapper | string;

/** True when a block stands between the two people, whichever of them made it (two primary-key lookups). */
export function blockedBetween(a: UserRef, b: UserRef): SQL<boolean> {
  return sql<boolean>`(exists(select 1 from ${blocks} bk where bk.blocker_id = ${a} and bk.blocked_id = ${b})
    or exists(select 1 from ${blocks} bk where bk.blocker_id = ${b} and bk.blocked_id = ${a}))`;
}

/** True when `viewer` blocked `other` (the viewer's own choice, which the viewer may see). */
export function hasBlocked(viewer: UserRef, other: UserRef): SQL<boolean> {
  return sql<boolean>`exists(select 1 from ${blocks} bk where bk.blocker_id = ${viewer} and bk.blocked_id = ${other})`;
}

/** True when `viewer` muted `other`. */
export function hasMuted(viewer: UserRef, other: UserRef): SQL<boolean> {
  return sql<boolean>`exists(select 1 from ${mutes} mu where mu.muter_id = ${viewer} and mu.muted_id = ${other})`;
}

/**
 * A person (in a list of people, or a profile) the viewer may see: no block either way. `viewer` null, a visitor,
 * sees everyone.
 */
export function personVisibleTo(viewer: UserRef | null, person: UserRef): SQL | undefined {
  if (viewer === null) return undefined;
  return sql`not ${blockedBetween(viewer, person)}`;
}

/**
 * Signed content (a post page, a comment) the viewer may open: not across a block. Anonymous content always
 * may be, whoever wrote it.
 */
export function signedNotBlocked(
  viewer: UserRef | null,
  author: UserRef,
  isAnonymous: SQLWrapper,
): SQL | undefined {
  if (viewer === null) return undefined;
  return sql`(${isAnonymous} or not ${blockedBetween(viewer, author)})`;
}

/** Signed content that belongs in the viewer's lists: not across a block, not by someone the viewer muted. */
export function signedShownTo(
  viewer: UserRef | null,
  author: UserRef,
  isAnonymous: SQLWrapper,
): SQL | undefined {
  if (viewer === null) return undefined;
  return sql`(${isAnonymous} or not (${blockedBetween(viewer, author)} or ${hasMuted(viewer, author)}))`;
}

/**
 * A post that matches none of the viewer's muted words: a `#tag` entry hides the posts carrying that tag, any
 * other word the posts whose normalised text contains it. The viewer's own posts are never hidden from them.
 */
export function postNotMutedFor(
  viewer: UserRef | null,
  post: { id: SQLWrapper; authorId: SQLWrapper; contentNormalized: SQLWrapper },
): SQL | undefined {
  if (viewer === null) return undefined;
  return sql`(${post.authorId} = ${viewer} or not exists(
    select 1 from ${mutedWords} mw where mw.user_id = ${viewer} and (
      case when left(mw.word_normalized, 1) = '#'
        then exists(select 1 from ${postHashtags} mph join ${hashtags} mh on mh.id = mph.hashtag_id
          where mph.post_id = ${post.id} and mh.key = substr(mw.word_normalized, 2))
        else strpos(${post.contentNormalized}, mw.word_normalized) > 0
      end)))`;
}

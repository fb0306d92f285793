import type { Post } from '@ray/shared/schemas/post';
import type { AppContext } from '../../lib/context';
import { withMentions } from './post-mentions';
import { toPost } from './posts.mapper';
import { findPostsByIds, type OwnState } from './posts.repository';

/**
 * Posts chosen for one reader (the following feed), each made of what every reader sees of it, shared by all
 * readers (PublicAnswers.postParts), and the reader's own vote, bookmark and authorship, read with the choice. The
 * posts missing from the shared parts are read in one query, as a visitor reads them; a post gone since the
 * choice was read is left out.
 */
export async function postsWithOwnState(
  ctx: AppContext,
  chosen: readonly (OwnState & { id: number })[],
): Promise<Post[]> {
  const parts = await ctx.publicAnswers.postParts(
    chosen.map((post) => post.id),
    async (missing) => {
      const posts = (await findPostsByIds(ctx.database.db, missing, null)).map(toPost);
      await withMentions(ctx, posts);
      return new Map(posts.map((post) => [post.id, post]));
    },
  );
  return chosen.flatMap(({ id, userVote, isBookmarked, isOwner }) => {
    const part = parts.get(id);
    return part ? [{ ...part, userVote, isBookmarked, isOwner }] : [];
  });
}

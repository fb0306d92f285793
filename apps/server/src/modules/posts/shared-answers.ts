import type { Paged } from '@ray/shared/schemas/common';
import type { Post } from '@ray/shared/schemas/post';
import type { AppContext } from '../../lib/context';
import type { AnswerContents, PublicAnswer } from '../../lib/public-answers';
import type { AccessClaims } from '../../lib/tokens';
import type { SharedAnswer } from '../../plugins/http-caching';
import { readOwnState, type OwnState, type Viewer } from './posts.repository';
import { viewerOf } from './posts.service';

/**
 * The posts every visitor sees are read once and shared (plugins/http-caching.ts); a signed-in reader gets the
 * same posts with their own vote, bookmark and authorship, read in one query (readOwnState). Readers whose lists
 * differ in more than that (staff, blocks, mutes, muted words, posts of theirs that moderators hid) get their own
 * read, as before.
 */

const NO_STATE: OwnState = { userVote: null, isBookmarked: false, isOwner: false };

const withOwnState = (post: Post, states: Map<number, OwnState>): Post => ({
  ...post,
  ...(states.get(post.id) ?? NO_STATE),
});

/** The reader's state for what a shared answer shows, or null when their answer must be read for them. */
async function ownStateFor(ctx: AppContext, viewer: Viewer | null, shared: PublicAnswer) {
  if (!viewer || viewer.seesHidden) return null;
  const state = await readOwnState(ctx.database.db, viewer.userId, shared.contents.posts);
  return state.personal ? null : state.posts;
}

/**
 * A page of posts (a feed, a tag, a profile, trends). `read` reads it for a viewer, null for a visitor;
 * `sharedWithMembers` false keeps a signed-in reader's page their own whatever (their own profile).
 */
export function sharedPage(
  ctx: AppContext,
  auth: AccessClaims | null,
  read: (viewer: Viewer | null) => Promise<Paged<Post>>,
  options: { sharedWithMembers?: boolean } = {},
): SharedAnswer<Paged<Post>> {
  const viewer = viewerOf(auth);
  return {
    read: () => read(null),
    readOwn: () => read(viewer),
    contents: (page): AnswerContents => ({ posts: page.items.map((post) => post.id), list: true }),
    ...(options.sharedWithMembers === false
      ? {}
      : {
          adapt: async (shared: PublicAnswer<Paged<Post>>) => {
            const states = await ownStateFor(ctx, viewer, shared);
            return (
              states && {
                ...shared.value,
                items: shared.value.items.map((post) => withOwnState(post, states)),
              }
            );
          },
        }),
  };
}

/** One post's page. */
export function sharedPost(
  ctx: AppContext,
  auth: AccessClaims | null,
  read: (viewer: Viewer | null) => Promise<Post>,
): SharedAnswer<Post> {
  const viewer = viewerOf(auth);
  return {
    read: () => read(null),
    readOwn: () => read(viewer),
    contents: (post) => ({ posts: [post.id], list: false }),
    adapt: async (shared) => {
      const states = await ownStateFor(ctx, viewer, shared);
      return states && withOwnState(shared.value, states);
    },
  };
}

/** A list without posts in it (trending hashtags), which a reader's muted words can change. */
export function sharedList<T>(
  ctx: AppContext,
  auth: AccessClaims | null,
  read: (viewer: Viewer | null) => Promise<T>,
): SharedAnswer<T> {
  const viewer = viewerOf(auth);
  return {
    read: () => read(null),
    readOwn: () => read(viewer),
    contents: () => ({ posts: [], list: true }),
    adapt: async (shared) => ((await ownStateFor(ctx, viewer, shared)) ? shared.value : null),
  };
}

import type { z } from 'zod';
import { normalizeArabic } from '@ray/shared/arabic';
import { LOCATION_DECIMALS } from '@ray/shared/constants';
import { extractHashtags, hashtagKey } from '@ray/shared/hashtags';
import { thumbnailOf } from '@ray/shared/media';
import { msg } from '@ray/shared/messages.ar';
import type { Paged } from '@ray/shared/schemas/common';
import {
  parsePollOptions,
  POLL_DURATION_MS,
  type createPostSchema,
  type Post,
  type postsQuerySchema,
  type updatePostSchema,
} from '@ray/shared/schemas/post';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import {
  decodeCursor,
  decodeOffsetCursor,
  encodeCursor,
  encodeOffsetCursor,
  offsetForPage,
} from '../../lib/cursor';
import { keyOfUrl } from '../../lib/storage';
import { cached } from '../../lib/caches';
import type { AccessClaims } from '../../lib/tokens';
import { assertNotSuspended } from '../moderation/suspension';
import { refuseMentionOfBlockers } from '../notifications/mentions.service';
import { keepCurrentVersion } from './post-history.repository';
import { notifyPostMentions, withMentions } from './post-mentions';
import { postsWithOwnState } from './post-parts';
import { toPost } from './posts.mapper';
import * as repo from './posts.repository';
import type { Viewer } from './posts.repository';

export function viewerOf(auth: AccessClaims | null): Viewer | null {
  return auth
    ? { userId: auth.userId, seesHidden: auth.role === 'moderator' || auth.role === 'admin' }
    : null;
}

function roundCoordinate(value: number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const factor = 10 ** LOCATION_DECIMALS;
  return Math.round(value * factor) / factor;
}

/** Both coordinates or neither; a place name alone is allowed. */
function location(input: {
  latitude?: number | null | undefined;
  longitude?: number | null | undefined;
  locationName?: string | null | undefined;
}) {
  const hasBoth = typeof input.latitude === 'number' && typeof input.longitude === 'number';
  return {
    latitude: hasBoth ? roundCoordinate(input.latitude) : null,
    longitude: hasBoth ? roundCoordinate(input.longitude) : null,
    locationName: input.locationName ? input.locationName : null,
  };
}

/** A post may show only an image uploaded here: one on another host, or never stored, is refused. */
async function assertImageExists(ctx: AppContext, imageUrl: string | null | undefined) {
  if (!imageUrl) return;
  const key = keyOfUrl(ctx.storage, imageUrl);
  if (!key) throw AppError.field('VALIDATION_FAILED', 'imageUrl', msg.imageTypeInvalid);
  if (!(await ctx.storage.exists(key)))
    throw AppError.field('VALIDATION_FAILED', 'imageUrl', msg.uploadFailed);
}

/** Runs after the commit: the post is gone either way, and a file the store keeps is only wasted space. */
async function removeImage(ctx: AppContext, imageUrl: string | null) {
  for (const url of [imageUrl, thumbnailOf(imageUrl)]) {
    const key = url ? keyOfUrl(ctx.storage, url) : null;
    if (key)
      await ctx.storage.remove(key).catch((error: unknown) => {
        ctx.logger.warn({ err: error, key }, 'post image not removed');
      });
  }
}

export async function getPost(ctx: AppContext, id: number, viewer: Viewer | null): Promise<Post> {
  const record = await repo.findPost(ctx.database.db, id, viewer);
  if (!record) throw new AppError('NOT_FOUND', { message: msg.postNotFound });
  return withMentions(ctx, toPost(record));
}

export async function createPost(
  ctx: AppContext,
  authorId: string,
  input: z.output<typeof createPostSchema>,
): Promise<Post> {
  await assertNotSuspended(ctx.database.db, authorId);
  await assertImageExists(ctx, input.imageUrl);
  await refuseMentionOfBlockers(ctx.database.db, {
    content: input.content,
    authorId,
    isAnonymous: input.isAnonymous,
  });
  const pollOptions = input.votingType === 'poll' ? parsePollOptions(input.pollOptions) : null;
  const id = await repo.insertPost(
    ctx.database.db,
    {
      authorId,
      content: input.content,
      contentNormalized: normalizeArabic(input.content),
      isAnonymous: input.isAnonymous,
      votingType: input.votingType,
      pollOptions,
      pollCounts: pollOptions ? pollOptions.map(() => 0) : null,
      imageUrl: input.imageUrl ?? null,
      imageAlt: input.imageUrl ? input.imageAlt || null : null,
      pollClosesAt:
        pollOptions && input.pollDuration !== 'open'
          ? new Date(Date.now() + POLL_DURATION_MS[input.pollDuration])
          : null,
      ...location(input),
    },
    extractHashtags(input.content),
  );
  // Visitors' lists show the new post at once rather than when their shared answers expire.
  ctx.publicAnswers.evict({ posts: [], lists: true });
  await notifyPostMentions(ctx, { id, content: input.content, authorId, isAnonymous: input.isAnonymous });
  return getPost(ctx, id, { userId: authorId, seesHidden: false });
}

export async function updatePost(
  ctx: AppContext,
  viewer: Viewer,
  id: number,
  input: z.output<typeof updatePostSchema>,
): Promise<Post> {
  await assertNotSuspended(ctx.database.db, viewer.userId);
  await assertImageExists(ctx, input.imageUrl);
  const replacedImage = await ctx.database.db.transaction(async (tx) => {
    const current = await repo.lockOwnPost(tx, id, viewer.userId);
    if (!current) throw new AppError('NOT_FOUND', { message: msg.postNotFound });
    const options = input.pollOptions === undefined ? undefined : parsePollOptions(input.pollOptions);
    const sameOptions =
      options === undefined || JSON.stringify(options) === JSON.stringify(current.pollOptions ?? null);
    if ((input.votingType !== undefined && input.votingType !== current.votingType) || !sameOptions) {
      throw AppError.field('VALIDATION_FAILED', 'votingType', msg.votingTypeLocked);
    }

    const isAnonymous = input.isAnonymous ?? current.isAnonymous;
    await refuseMentionOfBlockers(tx, { content: input.content, authorId: viewer.userId, isAnonymous });
    const imageUrl = input.imageUrl === undefined ? current.imageUrl : input.imageUrl;
    // A new image without a description of its own does not keep the old image's.
    const imageAlt = !imageUrl
      ? null
      : input.imageAlt !== undefined
        ? input.imageAlt || null
        : imageUrl === current.imageUrl
          ? current.imageAlt
          : null;
    // Only a change of the text is an edit that readers are told of; anonymity, image and place are not.
    if (input.content !== current.content) await keepCurrentVersion(tx, id);
    await repo.updatePostRow(tx, id, {
      content: input.content,
      contentNormalized: normalizeArabic(input.content),
      isAnonymous,
      imageUrl,
      imageAlt,
      ...(input.latitude !== undefined || input.longitude !== undefined || input.locationName !== undefined
        ? location(input)
        : {}),
    });

    const before = await repo.hashtagKeysOfPost(tx, id);
    const after = extractHashtags(input.content);
    const afterKeys = new Set(after.map((tag) => tag.key));
    const beforeKeys = new Set(before.map((tag) => tag.key));
    await repo.detachHashtags(
      tx,
      id,
      before.filter((tag) => !afterKeys.has(tag.key)),
    );
    await repo.attachHashtags(tx, id, after, beforeKeys);

    if (isAnonymous !== current.isAnonymous)
      await repo.adjustAuthorPostCount(tx, viewer.userId, isAnonymous ? -1 : 1);
    return current.imageUrl !== imageUrl ? current.imageUrl : null;
  });
  // An edit may make the post anonymous: no answer shared with visitors may still name its author.
  ctx.publicAnswers.evict({ posts: [id], lists: true });
  await removeImage(ctx, replacedImage);
  const post = await getPost(ctx, id, viewer);
  await notifyPostMentions(ctx, {
    id,
    content: post.content,
    authorId: viewer.userId,
    isAnonymous: post.isAnonymous,
  });
  return post;
}

export async function deletePost(ctx: AppContext, viewer: Viewer, id: number): Promise<void> {
  const imageUrl = await ctx.database.db.transaction(async (tx) => {
    const current = await repo.lockOwnPost(tx, id, viewer.userId);
    if (!current) throw new AppError('NOT_FOUND', { message: msg.postNotFound });
    const tags = await repo.hashtagKeysOfPost(tx, id);
    await repo.detachHashtags(tx, id, tags);
    await repo.deletePostRow(tx, id);
    if (!current.isAnonymous) await repo.adjustAuthorPostCount(tx, viewer.userId, -1);
    return current.imageUrl;
  });
  ctx.publicAnswers.evict({ posts: [id], lists: true });
  await removeImage(ctx, imageUrl);
}

/**
 * The size of the public feed, counted at most every 30 seconds rather than on every page. Once counted, pages
 * never wait for a count again: an expired total is still answered while one recount runs in the background
 * (a count of a million posts takes a quarter of a second, seconds under load).
 */
function totalOfAllPosts(ctx: AppContext): Promise<number> {
  return cached(ctx.caches.feedTotal, 'all', () => repo.countVisiblePosts(ctx.database.db));
}

function paged(
  records: repo.PostRecord[],
  page: number,
  pageSize: number,
  totalCount: number,
  lastKey: (index: number) => number,
): Paged<Post> {
  const hasNextPage = records.length > pageSize;
  const items = records.slice(0, pageSize).map((record) => toPost(record));
  return {
    items,
    pagination: {
      page,
      pageSize,
      hasNextPage,
      totalCount,
      nextCursor: hasNextPage ? encodeCursor(lastKey(pageSize - 1)) : null,
    },
  };
}

export async function listPosts(
  ctx: AppContext,
  viewer: Viewer | null,
  query: z.output<typeof postsQuerySchema>,
): Promise<Paged<Post>> {
  const db = ctx.database.db;
  const position = query.cursor
    ? { afterId: decodeCursor(query.cursor) }
    : { offset: offsetForPage(query.page, query.pageSize) };
  const page = query.cursor ? 0 : query.page;
  const limit = query.pageSize;

  if (query.pageType === 'Bookmarks') {
    if (!viewer) throw new AppError('UNAUTHORIZED', { message: msg.loginToBookmark });
    const [rows, total] = await Promise.all([
      repo.listBookmarkedPosts(db, viewer, { ...position, limit }),
      repo.countBookmarks(db, viewer.userId),
    ]);
    return withMentions(
      ctx,
      paged(rows, page, limit, total, (index) => rows[index]!.bookmarkId),
    );
  }

  if (query.pageType === 'Following') {
    if (!viewer) throw new AppError('UNAUTHORIZED', { message: msg.unauthorized });
    // Keyset only: an offset into a merge of many authors' posts would read every skipped page again.
    const afterId = query.cursor ? decodeCursor(query.cursor) : undefined;
    if (!query.cursor && query.page > 1) throw AppError.field('VALIDATION_FAILED', 'page', msg.invalidValue);
    const [chosen, total] = await Promise.all([
      repo.listFollowingPosts(db, viewer.userId, { afterId, limit }),
      // Summed over everyone followed, the total is counted at most every 30 seconds per reader, like the feed's.
      cached(ctx.caches.followingTotals, viewer.userId, () => repo.countFollowingPosts(db, viewer.userId)),
    ]);
    const hasNextPage = chosen.length > limit;
    const shown = chosen.slice(0, limit);
    return {
      items: await postsWithOwnState(ctx, shown),
      pagination: {
        page,
        pageSize: limit,
        hasNextPage,
        totalCount: total,
        nextCursor: hasNextPage ? encodeCursor(shown[limit - 1]!.id) : null,
      },
    };
  }

  if (query.pageType === 'MyPosts') {
    if (!viewer) throw new AppError('UNAUTHORIZED');
    const [rows, total] = await Promise.all([
      repo.listPosts(
        db,
        viewer,
        { of: 'author', authorId: viewer.userId, withAnonymous: true },
        { ...position, limit },
      ),
      repo.countPostsBy(db, viewer.userId),
    ]);
    return withMentions(
      ctx,
      paged(rows, page, limit, total, (index) => rows[index]!.post.id),
    );
  }

  if (query.hashtag) {
    const hashtag = await repo.findHashtagByKey(db, hashtagKey(query.hashtag));
    if (!hashtag)
      return withMentions(
        ctx,
        paged([], page, limit, 0, () => 0),
      );
    const rows = await repo.listPosts(
      db,
      viewer,
      { of: 'hashtag', hashtagId: hashtag.id },
      { ...position, limit },
    );
    return withMentions(
      ctx,
      paged(rows, page, limit, hashtag.postCount, (index) => rows[index]!.post.id),
    );
  }

  if (query.userId) {
    const own = viewer?.userId === query.userId;
    const [rows, total] = await Promise.all([
      repo.listPosts(
        db,
        viewer,
        { of: 'author', authorId: query.userId, withAnonymous: own },
        { ...position, limit },
      ),
      own ? repo.countPostsBy(db, query.userId) : repo.countPublicPostsBy(db, query.userId),
    ]);
    return withMentions(
      ctx,
      paged(rows, page, limit, total, (index) => rows[index]!.post.id),
    );
  }

  const [rows, total] = await Promise.all([
    repo.listPosts(db, viewer, { of: 'all' }, { ...position, limit }),
    totalOfAllPosts(ctx),
  ]);
  return withMentions(
    ctx,
    paged(rows, page, limit, total, (index) => rows[index]!.post.id),
  );
}

/**
 * One page of an already ranked, capped list of post ids (search, trends, a hashtag's popular posts): the ranking
 * query carries only ids, and the page is read here in the same shape as every other list of posts.
 */
export async function pageOfRankedPosts(
  ctx: AppContext,
  viewer: Viewer | null,
  rankedIds: readonly number[],
  query: { page: number; pageSize: number; cursor?: string | undefined },
): Promise<Paged<Post>> {
  const offset = query.cursor ? decodeOffsetCursor(query.cursor) : (query.page - 1) * query.pageSize;
  const ids = rankedIds.slice(offset, offset + query.pageSize);
  const records = await repo.findPostsByIds(ctx.database.db, ids, viewer);
  const byId = new Map(records.map((record) => [record.post.id, record]));
  const items = ids.flatMap((id) => {
    const record = byId.get(id);
    return record ? [toPost(record)] : [];
  });
  const hasNextPage = offset + query.pageSize < rankedIds.length;
  return withMentions(ctx, {
    items,
    pagination: {
      page: query.cursor ? 0 : query.page,
      pageSize: query.pageSize,
      hasNextPage,
      totalCount: rankedIds.length,
      nextCursor: hasNextPage ? encodeOffsetCursor(offset + query.pageSize) : null,
    },
  });
}

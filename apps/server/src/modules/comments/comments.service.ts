import type { z } from 'zod';
import { msg } from '@ray/shared/messages.ar';
import { serverMsg } from '@ray/shared/server-messages.ar';
import { COMMENT_MAX } from '@ray/shared/constants';
import { extractMentions, mentionKey } from '@ray/shared/mentions';
import type {
  Comment,
  commentsQuerySchema,
  createCommentSchema,
  repliesQuerySchema,
} from '@ray/shared/schemas/comment';
import type { Paged } from '@ray/shared/schemas/common';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import type { CreatedNotification } from '../notifications/notifications.repository';
import { deliverNotifications, notifyComment, notifyReply } from '../notifications/notifications.service';
import { mentionsOfTexts, notifyMentions, refuseMentionOfBlockers } from '../notifications/mentions.service';
import { decodeCursor, encodeCursor } from '../../lib/cursor';
import { isForeignKeyViolation } from '../../lib/db-errors';
import { pagePosition, toPage } from '../../lib/paging';
import { assertNotSuspended } from '../moderation/suspension';
import type { Viewer } from '../posts/posts.repository';
import { isBlockedBetween } from '../users/privacy.repository';
import { toComment } from './comments.mapper';
import * as repo from './comments.repository';

function postNotFound(): AppError {
  return new AppError('NOT_FOUND', { message: msg.postNotFound });
}

function commentNotFound(): AppError {
  return new AppError('NOT_FOUND', { message: serverMsg.commentNotFound });
}

async function commentOf(ctx: AppContext, id: number, viewer: Viewer): Promise<Comment> {
  const record = await repo.findCommentRecord(ctx.database.db, id);
  if (!record) throw commentNotFound();
  const [mentions] = await mentionsOfTexts(ctx.database.db, [record.comment.content]);
  return toComment(record, viewer, mentions);
}

/** Maps a page of records, with the people their texts mention resolved in one query. */
async function withMentions(ctx: AppContext, rows: repo.CommentRecord[], viewer: Viewer | null) {
  const mentions = await mentionsOfTexts(
    ctx.database.db,
    rows.map((row) => row.comment.content),
  );
  const byId = new Map(rows.map((row, index) => [row.comment.id, mentions[index] ?? []]));
  return (row: repo.CommentRecord) => toComment(row, viewer, byId.get(row.comment.id));
}

/**
 * A post's top-level comments, oldest or newest first, each with its reply count; the total is the post's
 * counter of visible top-level comments (replies are counted on their comment, not on the post).
 */
export async function listComments(
  ctx: AppContext,
  viewer: Viewer | null,
  query: z.output<typeof commentsQuerySchema>,
): Promise<Paged<Comment>> {
  const db = ctx.database.db;
  const post = await repo.findVisiblePost(db, query.postId, viewer);
  if (!post) throw postNotFound();
  const position = pagePosition(query, decodeCursor);
  const rows = await repo.listComments(db, query.postId, viewer, {
    order: query.order,
    afterId: position.after,
    offset: position.offset,
    limit: query.pageSize,
  });
  return toPage(
    rows,
    position,
    query.pageSize,
    post.commentCount,
    await withMentions(ctx, rows.slice(0, query.pageSize), viewer),
    (row) => encodeCursor(row.comment.id),
  );
}

/** The replies under a top-level comment the viewer may see, oldest first; the total is its reply count. */
export async function listReplies(
  ctx: AppContext,
  viewer: Viewer | null,
  id: number,
  query: z.output<typeof repliesQuerySchema>,
): Promise<Paged<Comment>> {
  const db = ctx.database.db;
  const thread = await repo.findVisibleThread(db, id, viewer);
  if (!thread) throw commentNotFound();
  const position = pagePosition({ ...query, page: 1 }, decodeCursor);
  const rows = await repo.listReplies(db, id, viewer, { afterId: position.after, limit: query.pageSize });
  return toPage(
    rows,
    position,
    query.pageSize,
    thread.replyCount,
    await withMentions(ctx, rows.slice(0, query.pageSize), viewer),
    (row) => encodeCursor(row.comment.id),
  );
}

/**
 * Where a reply goes: the top-level comment it is filed under, and its text, which starts with a mention of the
 * person answered when that is a named reply by someone else. The answered comment must be on the same post
 * (400) and not hidden, whoever asks (404).
 */
async function replyPlace(
  tx: Parameters<typeof repo.findAnswered>[0],
  viewer: Viewer,
  input: z.output<typeof createCommentSchema> & { parentId: number },
) {
  const answered = await repo.findAnswered(tx, input.parentId);
  if (!answered || answered.hiddenAt !== null) throw commentNotFound();
  await refuseAcrossBlock(tx, viewer, answered, serverMsg.blockedReply);
  if (answered.postId !== input.postId) {
    throw AppError.field('VALIDATION_FAILED', 'parentId', serverMsg.replyOtherPost);
  }
  let content = input.content;
  if (
    answered.parentId !== null &&
    answered.username !== null &&
    answered.authorId !== viewer.userId &&
    !extractMentions(content).includes(mentionKey(answered.username))
  ) {
    content = `@${answered.username} ${content}`;
    if (content.length > COMMENT_MAX) {
      throw AppError.field('VALIDATION_FAILED', 'content', msg.commentTooLong);
    }
  }
  const topId = answered.parentId ?? answered.id;
  const thread = await repo.countReply(tx, topId);
  if (!thread) throw commentNotFound();
  return { topId, topAuthorId: thread.authorId, content };
}

/**
 * No comment or reply on signed content across a block, whichever side made it. Anonymous content stays open to
 * everyone: a refusal there would tell who wrote it.
 */
async function refuseAcrossBlock(
  tx: Parameters<typeof isBlockedBetween>[0],
  viewer: Viewer,
  content: { authorId: string; isAnonymous: boolean },
  message: string,
) {
  if (content.isAnonymous || content.authorId === viewer.userId) return;
  if (await isBlockedBetween(tx, viewer.userId, content.authorId))
    throw new AppError('FORBIDDEN', { message });
}

/** Comments go only on posts that are open: existing and not hidden by moderation, whoever asks. */
export async function createComment(
  ctx: AppContext,
  viewer: Viewer,
  input: z.output<typeof createCommentSchema>,
): Promise<Comment> {
  await assertNotSuspended(ctx.database.db, viewer.userId);
  let created: { id: number; notified: CreatedNotification[] };
  try {
    created = await ctx.database.db.transaction(async (tx) => {
      const { parentId } = input;
      if (parentId === undefined) {
        const post = await repo.countCommentOnOpenPost(tx, input.postId);
        if (!post) throw postNotFound();
        await refuseAcrossBlock(tx, viewer, post, serverMsg.blockedComment);
        await refuseMentionOfBlockers(tx, { ...input, authorId: viewer.userId });
        const id = await repo.insertComment(tx, {
          postId: input.postId,
          authorId: viewer.userId,
          content: input.content,
          isAnonymous: input.isAnonymous,
        });
        const notified = await notifyComment(tx, {
          postId: input.postId,
          postAuthorId: post.authorId,
          commenterId: viewer.userId,
          isAnonymous: input.isAnonymous,
          content: input.content,
        });
        const mentioned = await notifyMentions(tx, {
          content: { kind: 'comment', id },
          postId: input.postId,
          text: input.content,
          authorId: viewer.userId,
          isAnonymous: input.isAnonymous,
          alreadyNotified: notified.map((row) => row.recipientId),
        });
        return { id, notified: [...notified, ...mentioned] };
      }
      // The post is locked first, as every write on its comments does, then the thread.
      const post = await repo.lockOpenPost(tx, input.postId);
      if (!post) throw postNotFound();
      await refuseAcrossBlock(tx, viewer, post, serverMsg.blockedComment);
      const place = await replyPlace(tx, viewer, { ...input, parentId });
      await refuseMentionOfBlockers(tx, {
        content: place.content,
        authorId: viewer.userId,
        isAnonymous: input.isAnonymous,
      });
      const id = await repo.insertComment(tx, {
        postId: input.postId,
        parentId: place.topId,
        authorId: viewer.userId,
        content: place.content,
        isAnonymous: input.isAnonymous,
      });
      const notified = await notifyReply(tx, {
        postId: input.postId,
        postAuthorId: post.authorId,
        threadAuthorId: place.topAuthorId,
        replierId: viewer.userId,
        isAnonymous: input.isAnonymous,
        content: place.content,
      });
      const mentioned = await notifyMentions(tx, {
        content: { kind: 'comment', id },
        postId: input.postId,
        text: place.content,
        authorId: viewer.userId,
        isAnonymous: input.isAnonymous,
        alreadyNotified: notified.map((row) => row.recipientId),
      });
      return { id, notified: [...notified, ...mentioned] };
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw postNotFound();
    throw error;
  }
  // The post's comment count moved.
  ctx.publicAnswers.evict({ posts: [input.postId], lists: false, counts: true });
  await deliverNotifications(ctx, created.notified);
  return commentOf(ctx, created.id, viewer);
}

export async function updateComment(
  ctx: AppContext,
  viewer: Viewer,
  id: number,
  content: string,
): Promise<Comment> {
  await assertNotSuspended(ctx.database.db, viewer.userId);
  const { postId, notified } = await ctx.database.db.transaction(async (tx) => {
    const updated = await repo.updateOwnComment(tx, id, viewer.userId, content);
    if (!updated) throw commentNotFound();
    // Refused after the update, inside its transaction: the comment's anonymity is known only from its row.
    await refuseMentionOfBlockers(tx, { content, authorId: viewer.userId, isAnonymous: updated.isAnonymous });
    // Whoever was told of this comment already is not told again: only the newly mentioned hear of it.
    const mentioned = await notifyMentions(tx, {
      content: { kind: 'comment', id },
      postId: updated.postId,
      text: content,
      authorId: viewer.userId,
      isAnonymous: updated.isAnonymous,
    });
    return { postId: updated.postId, notified: mentioned };
  });
  // Visitors' copies of the post's comments show the new text at once.
  ctx.publicAnswers.evict({ posts: [postId], lists: false });
  await deliverNotifications(ctx, notified);
  return commentOf(ctx, id, viewer);
}

export async function deleteComment(ctx: AppContext, viewer: Viewer, id: number): Promise<void> {
  const postId = await repo.findOwnCommentPost(ctx.database.db, id, viewer.userId);
  if (postId === undefined) throw commentNotFound();
  await ctx.database.db.transaction(async (tx) => {
    if (!(await repo.lockPost(tx, postId))) throw commentNotFound();
    const deleted = await repo.deleteOwnComment(tx, id, viewer.userId);
    if (!deleted) throw commentNotFound();
    // A hidden comment was already taken off its count when it was hidden. A top-level comment's replies go
    // with it (foreign key cascade); they were counted on it alone, never on the post.
    if (deleted.hiddenAt === null) await repo.uncountVisible(tx, deleted);
  });
  ctx.publicAnswers.evict({ posts: [postId], lists: false, counts: true });
}

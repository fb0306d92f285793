import type { z } from 'zod';
import { msg } from '@ray/shared/messages.ar';
import { serverMsg } from '@ray/shared/server-messages.ar';
import type { Comment, commentsQuerySchema, createCommentSchema } from '@ray/shared/schemas/comment';
import type { Paged } from '@ray/shared/schemas/common';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import type { CreatedNotification } from '../notifications/notifications.repository';
import { deliverNotifications, notifyComment } from '../notifications/notifications.service';
import { decodeCursor, encodeCursor } from '../../lib/cursor';
import { isForeignKeyViolation } from '../../lib/db-errors';
import { pagePosition, toPage } from '../../lib/paging';
import { assertNotSuspended } from '../moderation/suspension';
import type { Viewer } from '../posts/posts.repository';
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
  return toComment(record, viewer);
}

/** A post's comments, oldest or newest first; the total is the post's counter of visible comments. */
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
    (row) => toComment(row, viewer),
    (row) => encodeCursor(row.comment.id),
  );
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
      const post = await repo.countCommentOnOpenPost(tx, input.postId);
      if (!post) throw postNotFound();
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
      return { id, notified };
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw postNotFound();
    throw error;
  }
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
  const updated = await repo.updateOwnComment(ctx.database.db, id, viewer.userId, content);
  if (!updated) throw commentNotFound();
  return commentOf(ctx, id, viewer);
}

export async function deleteComment(ctx: AppContext, viewer: Viewer, id: number): Promise<void> {
  const postId = await repo.findOwnCommentPost(ctx.database.db, id, viewer.userId);
  if (postId === undefined) throw commentNotFound();
  await ctx.database.db.transaction(async (tx) => {
    if (!(await repo.lockPost(tx, postId))) throw commentNotFound();
    const deleted = await repo.deleteOwnComment(tx, id, viewer.userId);
    if (!deleted) throw commentNotFound();
    // A hidden comment was already taken off the post's public count when it was hidden.
    if (deleted.hiddenAt === null) await repo.uncountComment(tx, deleted.postId);
  });
}

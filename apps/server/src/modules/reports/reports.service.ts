import type { z } from 'zod';
import { msg } from '@ray/shared/messages.ar';
import { serverMsg } from '@ray/shared/server-messages.ar';
import type { AuditDetails } from '@ray/shared/schemas/audit';
import type { Paged } from '@ray/shared/schemas/common';
import type { PostAuthor } from '@ray/shared/schemas/post';
import {
  REPORT_REASONS,
  REPORT_STATUS,
  REPORT_STATUS_NAMES,
  reportStatusName,
  type CreateReportResult,
  type createReportSchema,
  type ModerationReport,
  type myReportsQuerySchema,
  type processReportSchema,
  type Report,
  type ReportDetail,
  type ReportReason,
  type reportsQuerySchema,
  type ReportStats,
  type ReportStatusName,
} from '@ray/shared/schemas/report';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import type { AccessClaims } from '../../lib/tokens';
import { recordStaffAction } from '../audit/audit.service';
import { decodeCursor, encodeCursor } from '../../lib/cursor';
import { isForeignKeyViolation, uniqueViolation } from '../../lib/db-errors';
import { pagePosition, toPage } from '../../lib/paging';
import { toComment } from '../comments/comments.mapper';
import * as commentsRepo from '../comments/comments.repository';
import { toPost } from '../posts/posts.mapper';
import * as postsRepo from '../posts/posts.repository';
import type { Viewer } from '../posts/posts.repository';
import { viewerOf } from '../posts/posts.service';
import { displayName } from '../users/users.mapper';
import { findUserById } from '../users/users.repository';
import { toModerationReport, toReport } from './reports.mapper';
import * as repo from './reports.repository';

/** The moderation queue reports its size up to this many; beyond it the count says "at least". */
const QUEUE_COUNT_CAP = 10_000;

function reportNotFound(): AppError {
  return new AppError('NOT_FOUND', { message: serverMsg.reportNotFound });
}

/**
 * Files a report on a post or a comment the caller can see. The partial unique indexes on (reporter, post)
 * and (reporter, comment) decide duplicates, races included.
 */
export async function createReport(
  ctx: AppContext,
  viewer: Viewer,
  input: z.output<typeof createReportSchema>,
): Promise<CreateReportResult> {
  const db = ctx.database.db;
  const target =
    input.postId !== null
      ? await repo.findReportablePost(db, input.postId, viewer)
      : await repo.findReportableComment(db, input.commentId!, viewer);
  const notFound = () =>
    new AppError('NOT_FOUND', {
      message: input.postId !== null ? msg.postNotFound : serverMsg.commentNotFound,
    });
  if (!target) throw notFound();
  if (target.authorId === viewer.userId)
    throw new AppError('BAD_REQUEST', { message: serverMsg.reportOwnContent });

  let id: number;
  try {
    id = await repo.insertReport(db, {
      reporterId: viewer.userId,
      postId: input.postId,
      commentId: input.commentId,
      reason: input.reason,
      additionalDetails: input.additionalDetails,
    });
  } catch (error) {
    if (uniqueViolation(error) !== null)
      throw new AppError('CONFLICT', { message: serverMsg.reportDuplicate });
    if (isForeignKeyViolation(error)) throw notFound();
    throw error;
  }
  const record = await repo.findReporterReport(db, id);
  if (!record) throw notFound();
  return { success: true, message: msg.reportSent, report: toReport(record) };
}

export async function listMyReports(
  ctx: AppContext,
  viewer: Viewer,
  query: z.output<typeof myReportsQuerySchema>,
): Promise<Paged<Report>> {
  const db = ctx.database.db;
  const position = pagePosition(query, decodeCursor);
  const [rows, total] = await Promise.all([
    repo.listReporterReports(db, viewer.userId, {
      afterId: position.after,
      offset: position.offset,
      limit: query.pageSize,
    }),
    repo.countReporterReports(db, viewer.userId),
  ]);
  return toPage(rows, position, query.pageSize, total, toReport, (row) => encodeCursor(row.report.id));
}

export async function listReports(
  ctx: AppContext,
  query: z.output<typeof reportsQuerySchema>,
): Promise<Paged<ModerationReport>> {
  const db = ctx.database.db;
  const position = pagePosition(query, decodeCursor);
  const [rows, total] = await Promise.all([
    repo.listReports(db, query.status, {
      afterId: position.after,
      offset: position.offset,
      limit: query.pageSize,
    }),
    repo.countReports(db, query.status, QUEUE_COUNT_CAP),
  ]);
  return toPage(rows, position, query.pageSize, total, toModerationReport, (row) =>
    encodeCursor(row.report.id),
  );
}

async function authorSummary(ctx: AppContext, userId: string): Promise<PostAuthor | null> {
  const user = await findUserById(ctx.database.db, userId);
  return user
    ? { userId: user.id, username: user.username, displayName: displayName(user), avatarUrl: user.avatarUrl }
    : null;
}

/**
 * One report with its content in context, for moderators: the post, or the comment and its post, hidden or
 * not. A signed item shows its author; an anonymous one stays anonymous to staff too, who get instead the
 * item's own handle to warn or suspend its author through (`/api/moderation/authors/{handle}`).
 */
export async function getReport(ctx: AppContext, moderator: Viewer, id: number): Promise<ReportDetail> {
  const db = ctx.database.db;
  const record = await repo.findModerationReport(db, id);
  if (!record) throw reportNotFound();

  const commentRecord =
    record.report.commentId !== null
      ? await commentsRepo.findCommentRecord(db, record.report.commentId)
      : undefined;
  const postId = record.report.postId ?? commentRecord?.comment.postId;
  const postRecord = postId !== undefined ? await postsRepo.findPost(db, postId, moderator) : undefined;
  const item = commentRecord
    ? { kind: 'comment' as const, ...commentRecord.comment }
    : postRecord
      ? { kind: 'post' as const, ...postRecord.post }
      : undefined;
  return {
    ...toModerationReport(record),
    post: postRecord ? toPost(postRecord) : null,
    comment: commentRecord ? toComment(commentRecord, moderator) : null,
    contentAuthor:
      item && !item.isAnonymous && item.authorId !== null ? await authorSummary(ctx, item.authorId) : null,
    authorHandle: item?.isAnonymous ? ctx.handles.issue(item.kind, item.id) : null,
  };
}

/**
 * Decides an open report. Approving hides the post or comment for everyone but its author and moderators and
 * resolves the other open reports on the same item; rejecting leaves the content as it is; resolving closes.
 * The post is locked first, in the order a post deletion takes its rows.
 */
export async function processReport(
  ctx: AppContext,
  staff: AccessClaims,
  id: number,
  input: z.output<typeof processReportSchema>,
): Promise<ReportDetail> {
  const db = ctx.database.db;
  const moderator = viewerOf(staff)!;
  const target = await repo.findReportTarget(db, id);
  if (!target) throw reportNotFound();
  const decision = { moderatorId: moderator.userId, moderatorNote: input.note ?? null };

  await db.transaction(async (tx) => {
    const postId = target.postId ?? target.commentPostId;
    if (postId !== null) await commentsRepo.lockPost(tx, postId);
    if (!(await repo.decideOpenReport(tx, id, { ...decision, status: input.status }))) {
      if (await repo.reportExists(tx, id))
        throw new AppError('CONFLICT', { message: serverMsg.reportAlreadyProcessed });
      throw reportNotFound();
    }
    const content: AuditDetails =
      target.postId !== null
        ? { contentType: 'post', contentId: target.postId }
        : target.commentId !== null
          ? { contentType: 'comment', contentId: target.commentId }
          : {};
    await recordStaffAction(tx, staff, {
      action: 'report.status',
      targetType: 'report',
      targetId: String(id),
      details: {
        status: input.status,
        statusName: reportStatusName(input.status),
        note: input.note ?? null,
        ...content,
      },
    });
    if (input.status !== REPORT_STATUS.approved) return;
    if (target.postId !== null) {
      await repo.hidePost(tx, target.postId);
      await recordStaffAction(tx, staff, {
        action: 'post.hide',
        targetType: 'post',
        targetId: String(target.postId),
        details: { reportId: id },
      });
    } else if (target.commentId !== null) {
      await commentsRepo.hideComment(tx, target.commentId);
      await recordStaffAction(tx, staff, {
        action: 'comment.hide',
        targetType: 'comment',
        targetId: String(target.commentId),
        details: { reportId: id },
      });
    }
    await repo.resolveOpenReportsOn(tx, target, id, decision);
  });
  // A hidden post leaves every answer at once; a hidden comment leaves its post's count.
  if (input.status === REPORT_STATUS.approved && target.postId !== null)
    ctx.publicAnswers.evict({ posts: [target.postId], lists: true });
  else if (input.status === REPORT_STATUS.approved && target.commentPostId !== null)
    ctx.publicAnswers.evict({ posts: [target.commentPostId], lists: false, counts: true });
  return getReport(ctx, moderator, id);
}

export async function reportStats(ctx: AppContext): Promise<ReportStats> {
  const db = ctx.database.db;
  const [statuses, reasons] = await Promise.all([repo.countByStatus(db), repo.countByReason(db)]);
  const byStatus = Object.fromEntries(REPORT_STATUS_NAMES.map((name) => [name, 0])) as Record<
    ReportStatusName,
    number
  >;
  for (const row of statuses) byStatus[reportStatusName(row.status)] += row.count;
  const byReason = Object.fromEntries(REPORT_REASONS.map((reason) => [reason, 0])) as Record<
    ReportReason,
    number
  >;
  for (const row of reasons) byReason[row.reason] += row.count;
  return { total: statuses.reduce((sum, row) => sum + row.count, 0), byStatus, byReason };
}

import { and, desc, eq, inArray, isNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { REPORT_EXCERPT } from '@ray/shared/constants';
import { OPEN_REPORT_STATUSES, REPORT_STATUS } from '@ray/shared/schemas/report';
import type { Executor } from '../../db/client';
import { comments, posts, reports, users } from '../../db/schema';
import { commentVisibleTo } from '../comments/comments.repository';
import { visibleTo, type Viewer } from '../posts/posts.repository';

export type NewReport = typeof reports.$inferInsert;

const reporter = alias(users, 'reporter');

/** A report with what it points at: the comment (if any) and the post the item lives on. */
const baseSelection = {
  report: {
    id: reports.id,
    reporterId: reports.reporterId,
    postId: reports.postId,
    commentId: reports.commentId,
    reason: reports.reason,
    additionalDetails: reports.additionalDetails,
    status: reports.status,
    moderatorId: reports.moderatorId,
    moderatorNote: reports.moderatorNote,
    processedAt: reports.processedAt,
    createdAt: reports.createdAt,
  },
  commentPostId: comments.postId,
  excerpt: sql<string | null>`left(coalesce(${comments.content}, ${posts.content}), ${REPORT_EXCERPT})`,
  isContentHidden: sql<boolean>`(${posts.hiddenAt} is not null or ${comments.hiddenAt} is not null)`,
};

const moderationSelection = {
  ...baseSelection,
  reporter: {
    userId: reporter.id,
    username: reporter.username,
    firstName: reporter.firstName,
    lastName: reporter.lastName,
    avatarUrl: reporter.avatarUrl,
  },
};

function selectReports(db: Executor) {
  return db
    .select(baseSelection)
    .from(reports)
    .leftJoin(comments, eq(comments.id, reports.commentId))
    .leftJoin(posts, eq(posts.id, sql`coalesce(${reports.postId}, ${comments.postId})`));
}

function selectModerationReports(db: Executor) {
  return db
    .select(moderationSelection)
    .from(reports)
    .innerJoin(reporter, eq(reporter.id, reports.reporterId))
    .leftJoin(comments, eq(comments.id, reports.commentId))
    .leftJoin(posts, eq(posts.id, sql`coalesce(${reports.postId}, ${comments.postId})`));
}

export type ReportRecord = Awaited<ReturnType<typeof listReporterReports>>[number];
export type ModerationReportRecord = Awaited<ReturnType<typeof listReports>>[number];

type Page = { afterId?: number | undefined; offset: number; limit: number };

/** One keyset page of a reporter's own reports, newest first (`limit + 1` rows). */
export async function listReporterReports(db: Executor, reporterId: string, page: Page) {
  return selectReports(db)
    .where(and(eq(reports.reporterId, reporterId), page.afterId ? lt(reports.id, page.afterId) : undefined))
    .orderBy(desc(reports.id))
    .limit(page.limit + 1)
    .offset(page.offset);
}

export async function findReporterReport(db: Executor, id: number) {
  const [row] = await selectReports(db).where(eq(reports.id, id)).limit(1);
  return row;
}

export async function countReporterReports(db: Executor, reporterId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(reports)
    .where(eq(reports.reporterId, reporterId));
  return row?.count ?? 0;
}

/** One keyset page of the moderation queue, newest first, optionally of one status (`limit + 1` rows). */
export async function listReports(db: Executor, status: number | undefined, page: Page) {
  return selectModerationReports(db)
    .where(
      and(
        status ? eq(reports.status, status) : undefined,
        page.afterId ? lt(reports.id, page.afterId) : undefined,
      ),
    )
    .orderBy(desc(reports.id))
    .limit(page.limit + 1)
    .offset(page.offset);
}

/** The size of the queue, counted no further than `cap` so that a huge backlog costs a bounded scan. */
export async function countReports(db: Executor, status: number | undefined, cap: number): Promise<number> {
  const capped = db
    .select({ one: sql<number>`1`.as('one') })
    .from(reports)
    .where(status ? eq(reports.status, status) : undefined)
    .limit(cap)
    .as('capped');
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(capped);
  return row?.count ?? 0;
}

export async function findModerationReport(db: Executor, id: number) {
  const [row] = await selectModerationReports(db).where(eq(reports.id, id)).limit(1);
  return row;
}

/** A post the viewer may report: one the viewer can see. */
export async function findReportablePost(db: Executor, postId: number, viewer: Viewer) {
  const [row] = await db
    .select({ authorId: posts.authorId })
    .from(posts)
    .where(and(eq(posts.id, postId), visibleTo(viewer)))
    .limit(1);
  return row;
}

/** A comment the viewer may report: one the viewer can see, on a post the viewer can see. */
export async function findReportableComment(db: Executor, commentId: number, viewer: Viewer) {
  const [row] = await db
    .select({ authorId: comments.authorId })
    .from(comments)
    .innerJoin(posts, eq(posts.id, comments.postId))
    .where(and(eq(comments.id, commentId), commentVisibleTo(viewer), visibleTo(viewer)))
    .limit(1);
  return row;
}

export async function insertReport(db: Executor, report: NewReport): Promise<number> {
  const [row] = await db.insert(reports).values(report).returning({ id: reports.id });
  return row!.id;
}

/** What a report points at, read before its processing locks the post. */
export async function findReportTarget(db: Executor, id: number) {
  const [row] = await db
    .select({ postId: reports.postId, commentId: reports.commentId, commentPostId: comments.postId })
    .from(reports)
    .leftJoin(comments, eq(comments.id, reports.commentId))
    .where(eq(reports.id, id))
    .limit(1);
  return row;
}

export async function reportExists(db: Executor, id: number): Promise<boolean> {
  const [row] = await db.select({ id: reports.id }).from(reports).where(eq(reports.id, id)).limit(1);
  return row !== undefined;
}

export interface Decision {
  status: number;
  moderatorId: string;
  moderatorNote: string | null;
}

/** Records a decision on a report that is still open; the status test is part of the write. */
export async function decideOpenReport(db: Executor, id: number, decision: Decision): Promise<boolean> {
  const rows = await db
    .update(reports)
    .set({ ...decision, processedAt: sql`now()` })
    .where(and(eq(reports.id, id), inArray(reports.status, [...OPEN_REPORT_STATUSES])))
    .returning({ id: reports.id });
  return rows.length > 0;
}

/** Closes the other open reports on the same item once one of them is approved. */
export async function resolveOpenReportsOn(
  db: Executor,
  target: { postId: number | null; commentId: number | null },
  exceptId: number,
  decision: Omit<Decision, 'status'>,
) {
  const sameItem: SQL | undefined =
    target.postId !== null
      ? eq(reports.postId, target.postId)
      : target.commentId !== null
        ? eq(reports.commentId, target.commentId)
        : undefined;
  if (!sameItem) return;
  await db
    .update(reports)
    .set({ ...decision, status: REPORT_STATUS.resolved, processedAt: sql`now()` })
    .where(and(sameItem, ne(reports.id, exceptId), inArray(reports.status, [...OPEN_REPORT_STATUSES])));
}

export async function hidePost(db: Executor, postId: number) {
  await db
    .update(posts)
    .set({ hiddenAt: sql`now()` })
    .where(and(eq(posts.id, postId), isNull(posts.hiddenAt)));
}

export async function countByStatus(db: Executor) {
  return db
    .select({ status: reports.status, count: sql<number>`count(*)::int` })
    .from(reports)
    .groupBy(reports.status);
}

export async function countByReason(db: Executor) {
  return db
    .select({ reason: reports.reason, count: sql<number>`count(*)::int` })
    .from(reports)
    .groupBy(reports.reason);
}

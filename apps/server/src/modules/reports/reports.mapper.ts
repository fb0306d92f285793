import { reportStatusName, type ModerationReport, type Report } from '@ray/shared/schemas/report';
import { displayName } from '../users/users.mapper';
import type { ModerationReportRecord, ReportRecord } from './reports.repository';

/** The reporter's own view: no identities, and no text of content that moderation has since hidden. */
export function toReport(record: ReportRecord): Report {
  const { report } = record;
  return {
    id: report.id,
    postId: report.postId,
    commentId: report.commentId,
    targetPostId: report.postId ?? record.commentPostId,
    reason: report.reason,
    additionalDetails: report.additionalDetails,
    status: report.status,
    statusName: reportStatusName(report.status),
    createdAt: report.createdAt.toISOString(),
    processedAt: report.processedAt?.toISOString() ?? null,
    excerpt: record.isContentHidden ? null : record.excerpt,
  };
}

/** The moderators' view: with the reporter and the moderation record, never the reported content's author. */
export function toModerationReport(record: ModerationReportRecord): ModerationReport {
  const { reporter } = record;
  return {
    ...toReport(record),
    excerpt: record.excerpt,
    reporter: {
      userId: reporter.userId,
      username: reporter.username,
      displayName: displayName(reporter),
      avatarUrl: reporter.avatarUrl,
    },
    moderatorId: record.report.moderatorId,
    moderatorNote: record.report.moderatorNote,
    isContentHidden: record.isContentHidden,
  };
}

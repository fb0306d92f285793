import { z } from 'zod';
import { REPORT_DETAILS_MAX, REPORTS_PAGE_SIZE } from '../constants';
import { msg } from '../messages.ar';
import { cursorParam, pagedSchema, pageSizeParam, pageSizeParamOf } from './common';
import { commentSchema, noNul } from './comment';
import { pageParam } from './fields';
import { postAuthorSchema, postSchema } from './post';

/** Reasons by name, in the order of the numeric reading of spec section 3 (1 Spam … 8 Other). */
export const REPORT_REASONS = [
  'Spam',
  'Harassment',
  'InappropriateContent',
  'FakeNews',
  'Violence',
  'HateSpeech',
  'Copyright',
  'Other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** Status names by value: 1 pending, 2 under review, 3 approved, 4 rejected, 5 resolved. */
export const REPORT_STATUS_NAMES = ['Pending', 'UnderReview', 'Approved', 'Rejected', 'Resolved'] as const;
export type ReportStatusName = (typeof REPORT_STATUS_NAMES)[number];
export const REPORT_STATUS = { pending: 1, underReview: 2, approved: 3, rejected: 4, resolved: 5 } as const;
/** Statuses a moderator can still act on. */
export const OPEN_REPORT_STATUSES = [REPORT_STATUS.pending, REPORT_STATUS.underReview] as const;

export function reportStatusName(status: number): ReportStatusName {
  return REPORT_STATUS_NAMES[status - 1] ?? 'Pending';
}

/** The reason by name (as the spec sends it) or by its number 1..8. */
const reasonField = z
  .union(
    [
      z.enum(REPORT_REASONS),
      z
        .number()
        .int(msg.reportReasonRequired)
        .min(1, msg.reportReasonRequired)
        .max(REPORT_REASONS.length, msg.reportReasonRequired),
    ],
    { error: msg.reportReasonRequired },
  )
  .transform((value): ReportReason => (typeof value === 'number' ? REPORT_REASONS[value - 1]! : value));

const targetIdField = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d{1,16}$/, msg.reportTargetRequired)
        .transform(Number),
    ],
    { error: msg.reportTargetRequired },
  )
  .pipe(
    z
      .number()
      .int(msg.reportTargetRequired)
      .positive(msg.reportTargetRequired)
      .max(Number.MAX_SAFE_INTEGER, msg.reportTargetRequired),
  );

const detailsField = z
  .string({ error: msg.invalidValue })
  .trim()
  .max(REPORT_DETAILS_MAX, msg.reportDetailsTooLong)
  .refine(noNul, msg.invalidValue);

/**
 * `POST /api/reports` with the spec's PascalCase fields (PostId or CommentId, Reason, AdditionalDetails);
 * camelCase aliases are accepted too. Exactly one of the two ids.
 */
export const createReportSchema = z
  .object({
    PostId: targetIdField.nullish(),
    CommentId: targetIdField.nullish(),
    Reason: reasonField.optional(),
    AdditionalDetails: detailsField.nullish(),
    postId: targetIdField.nullish(),
    commentId: targetIdField.nullish(),
    reason: reasonField.optional(),
    additionalDetails: detailsField.nullish(),
  })
  .superRefine((value, ctx) => {
    // Errors are keyed the way the client spelled its fields, so a form can show them in place.
    const camel =
      value.postId != null ||
      value.commentId != null ||
      value.reason !== undefined ||
      value.additionalDetails != null;
    if (!value.Reason && !value.reason)
      ctx.addIssue({
        code: 'custom',
        path: [camel ? 'reason' : 'Reason'],
        message: msg.reportReasonRequired,
      });
    const postId = value.PostId ?? value.postId;
    const commentId = value.CommentId ?? value.commentId;
    if ((postId == null) === (commentId == null)) {
      ctx.addIssue({
        code: 'custom',
        path: [camel ? 'postId' : 'PostId'],
        message: msg.reportTargetRequired,
      });
    }
  })
  .transform((value) => ({
    postId: value.PostId ?? value.postId ?? null,
    commentId: value.CommentId ?? value.commentId ?? null,
    reason: (value.Reason ?? value.reason)!,
    additionalDetails: (value.AdditionalDetails ?? value.additionalDetails) || null,
  }));
export type CreateReportPayload = z.input<typeof createReportSchema>;

/** The report dialog of a post or a comment. */
export const reportFormSchema = z.object({
  reason: z.enum(REPORT_REASONS, { error: msg.reportReasonRequired }),
  additionalDetails: detailsField,
});
export type ReportForm = z.input<typeof reportFormSchema>;

const reportFields = {
  id: z.number().int(),
  /** Set for a report on a post. */
  postId: z.number().int().nullable(),
  /** Set for a report on a comment. */
  commentId: z.number().int().nullable(),
  /** The post the reported item lives on (the post itself, or the comment's post), for a link. */
  targetPostId: z.number().int().nullable(),
  reason: z.enum(REPORT_REASONS),
  additionalDetails: z.string().nullable(),
  status: z.number().int().min(1).max(5),
  statusName: z.enum(REPORT_STATUS_NAMES),
  createdAt: z.string(),
  processedAt: z.string().nullable(),
  /** The first 150 characters of the reported text; null for the reporter once it is hidden. */
  excerpt: z.string().nullable(),
};

/** A report as its reporter sees it (`GET /api/reports/my-reports`): no identities at all. */
export const reportSchema = z.object(reportFields);
export type Report = z.infer<typeof reportSchema>;

export const createReportResultSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  report: reportSchema,
});
export type CreateReportResult = z.infer<typeof createReportResultSchema>;

/** A report in the moderation queue: with its reporter and the moderation record, never the content's author. */
export const moderationReportSchema = z.object({
  ...reportFields,
  reporter: postAuthorSchema,
  moderatorId: z.string().nullable(),
  moderatorNote: z.string().nullable(),
  isContentHidden: z.boolean(),
});
export type ModerationReport = z.infer<typeof moderationReportSchema>;

/**
 * One report with its content in context (`GET /api/reports/{id}`, moderators only): the post, or the comment
 * and its post. The reported item's author is `contentAuthor` when the item is signed; when it is anonymous,
 * `contentAuthor` is null for staff too and `authorHandle` is the item's own handle, through which moderators
 * warn or suspend its author without learning who they are.
 */
export const reportDetailSchema = moderationReportSchema.extend({
  post: postSchema.nullable(),
  comment: commentSchema.nullable(),
  contentAuthor: postAuthorSchema.nullable(),
  authorHandle: z.string().nullable(),
});
export type ReportDetail = z.infer<typeof reportDetailSchema>;

export const reportsQuerySchema = z.object({
  status: z.coerce
    .number({ error: msg.invalidValue })
    .int(msg.invalidValue)
    .min(1, msg.invalidValue)
    .max(5, msg.invalidValue)
    .optional(),
  page: pageParam,
  pageSize: pageSizeParamOf(REPORTS_PAGE_SIZE),
  cursor: cursorParam.optional(),
});
export type ReportsQuery = z.input<typeof reportsQuerySchema>;

export const myReportsQuerySchema = z.object({
  page: pageParam,
  pageSize: pageSizeParam,
  cursor: cursorParam.optional(),
});
export type MyReportsQuery = z.input<typeof myReportsQuerySchema>;

export const pagedReportsSchema = pagedSchema(reportSchema);
export const pagedModerationReportsSchema = pagedSchema(moderationReportSchema);

/** `PUT /api/reports/{reportId}/process`: 2 under review, 3 approve (hides the content), 4 reject, 5 resolve. */
export const processReportSchema = z.object({
  status: z
    .number({ error: msg.invalidValue })
    .int(msg.invalidValue)
    .min(REPORT_STATUS.underReview, msg.invalidValue)
    .max(REPORT_STATUS.resolved, msg.invalidValue),
  note: z
    .string({ error: msg.invalidValue })
    .trim()
    .max(REPORT_DETAILS_MAX, msg.reportNoteTooLong)
    .refine(noNul, msg.invalidValue)
    .nullish(),
});
export type ProcessReportPayload = z.input<typeof processReportSchema>;

export const reportStatsSchema = z.object({
  total: z.number().int(),
  byStatus: z.record(z.enum(REPORT_STATUS_NAMES), z.number().int()),
  byReason: z.record(z.enum(REPORT_REASONS), z.number().int()),
});
export type ReportStats = z.infer<typeof reportStatsSchema>;

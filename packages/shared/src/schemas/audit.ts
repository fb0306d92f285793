import { z } from 'zod';
import { AUDIT_LOG_PAGE_SIZE } from '../constants';
import { cursorParam, pagedSchema, pageSizeParamOf } from './common';
import { pageParam } from './fields';

/** What staff can do, as the audit log names it. */
export const AUDIT_ACTIONS = [
  'report.status',
  'post.hide',
  'comment.hide',
  'author.warn',
  'author.suspend',
  'author.unsuspend',
  'user.warn',
  'user.suspend',
  'user.unsuspend',
  'ad.create',
  'ad.update',
  'ad.status',
  'config.update',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * What an action was done to: a report, a post or comment, the hidden author of an anonymous item ('author',
 * by the item's handle, never by account), a user, an ad or the runtime configuration.
 */
export const AUDIT_TARGET_TYPES = ['report', 'post', 'comment', 'author', 'user', 'ad', 'config'] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

export const auditDetailsSchema = z.record(
  z.string(),
  z.union([z.string(), z.number(), z.boolean(), z.null()]),
);
export type AuditDetails = z.infer<typeof auditDetailsSchema>;

/** One row of the audit log (`GET /api/admin/audit-log`, admins only). */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  actorId: z.string(),
  actorName: z.string(),
  actorRole: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  details: auditDetailsSchema.nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditLogQuerySchema = z.object({
  page: pageParam,
  pageSize: pageSizeParamOf(AUDIT_LOG_PAGE_SIZE),
  cursor: cursorParam.optional(),
});
export type AuditLogQuery = z.input<typeof auditLogQuerySchema>;

export const pagedAuditLogSchema = pagedSchema(auditEntrySchema);

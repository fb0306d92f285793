import type { z } from 'zod';
import type { AuditEntry, auditLogQuerySchema } from '@ray/shared/schemas/audit';
import type { Paged } from '@ray/shared/schemas/common';
import type { Executor } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { decodeCursor, encodeCursor } from '../../lib/cursor';
import { pagePosition, toPage } from '../../lib/paging';
import type { AccessClaims } from '../../lib/tokens';
import * as repo from './audit.repository';

/** The log reports its size up to this many rows; beyond it the count says "at least". */
const COUNT_CAP = 10_000;

export type StaffAction = Omit<repo.NewAuditEntry, 'actorId' | 'actorRole'>;

/**
 * Writes what a staff member did. Pass the transaction of the action itself, so that the action and its record
 * stand or fall together. For the author of anonymous content the target is the item's handle, never the account.
 * A row is final once written: the database refuses any update, delete or truncate of the log (trigger
 * `audit_log_append_only`, migration 0010), so nothing here ever corrects an entry.
 */
export async function recordStaffAction(db: Executor, staff: AccessClaims, action: StaffAction) {
  await repo.insertAuditEntry(db, { ...action, actorId: staff.userId, actorRole: staff.role });
}

/** For an action that ran in its own statement: records it after the fact, on the shared connection. */
export async function logStaffAction(ctx: AppContext, staff: AccessClaims, action: StaffAction) {
  await recordStaffAction(ctx.database.db, staff, action);
}

function toAuditEntry(row: repo.AuditRow): AuditEntry {
  return {
    id: row.id,
    actorId: row.actorId,
    actorName: row.actorName,
    actorRole: row.actorRole,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    details: row.details ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listAuditLog(
  ctx: AppContext,
  query: z.output<typeof auditLogQuerySchema>,
): Promise<Paged<AuditEntry>> {
  const db = ctx.database.db;
  const position = pagePosition(query, decodeCursor);
  const [rows, total] = await Promise.all([
    repo.listAuditEntries(db, { afterId: position.after, offset: position.offset, limit: query.pageSize }),
    repo.countAuditEntries(db, COUNT_CAP),
  ]);
  return toPage(rows, position, query.pageSize, total, toAuditEntry, (row) => encodeCursor(row.id));
}

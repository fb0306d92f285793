import { desc, lt, sql } from 'drizzle-orm';
import type { AuditAction, AuditDetails, AuditTargetType } from '@ray/shared/schemas/audit';
import type { Executor } from '../../db/client';
import { auditLog, users } from '../../db/schema';

export type AuditRow = typeof auditLog.$inferSelect;

export interface NewAuditEntry {
  actorId: string;
  actorRole: string;
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: string;
  details?: AuditDetails | null;
}

/** The staff member's name as others see it, copied into the row so that it outlives the account. */
const actorName = (actorId: string) =>
  sql<string>`coalesce((select coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''),
    ${users.username}) from ${users} where ${users.id} = ${actorId}), '')`;

export async function insertAuditEntry(db: Executor, entry: NewAuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    actorName: actorName(entry.actorId),
    actorRole: entry.actorRole,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    details: entry.details ?? null,
  });
}

type Page = { afterId?: number | undefined; offset: number; limit: number };

/** One keyset page of the log, newest first (`limit + 1` rows). */
export async function listAuditEntries(db: Executor, page: Page): Promise<AuditRow[]> {
  return db
    .select()
    .from(auditLog)
    .where(page.afterId ? lt(auditLog.id, page.afterId) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(page.limit + 1)
    .offset(page.offset);
}

/** The size of the log, counted no further than `cap`, so that a long history costs a bounded scan. */
export async function countAuditEntries(db: Executor, cap: number): Promise<number> {
  const capped = db
    .select({ one: sql<number>`1`.as('one') })
    .from(auditLog)
    .limit(cap)
    .as('capped');
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(capped);
  return row?.count ?? 0;
}

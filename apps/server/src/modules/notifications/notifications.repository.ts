import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { notificationActors, notifications } from '../../db/schema';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = Omit<
  typeof notifications.$inferInsert,
  'id' | 'count' | 'isRead' | 'createdAt' | 'updatedAt'
>;

/** A notification row as the database writes it in JSON (`row_to_json`), with its own types back. */
export function notificationFromJson(json: Record<string, unknown>): NotificationRow {
  const row = json as {
    id: number;
    recipient_id: string;
    type: NotificationRow['type'];
    actor_id: string | null;
    sender_name: string;
    message: string;
    content: string | null;
    post_id: number | null;
    group_key: string | null;
    count: number;
    is_read: boolean;
    created_at: string;
    updated_at: string;
  };
  return {
    id: row.id,
    recipientId: row.recipient_id,
    type: row.type,
    actorId: row.actor_id,
    senderName: row.sender_name,
    message: row.message,
    content: row.content,
    postId: row.post_id,
    groupKey: row.group_key,
    count: row.count,
    isRead: row.is_read,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

/**
 * Writes a notification. One with a group key folds into the recipient's unread notification of the same key
 * (count + 1, newest message), so a popular post yields one line instead of hundreds.
 */
export async function insertNotification(db: Executor, row: NewNotification): Promise<NotificationRow> {
  if (!row.groupKey) {
    const [created] = await db.insert(notifications).values(row).returning();
    return created!;
  }
  const [upserted] = await db
    .insert(notifications)
    .values(row)
    .onConflictDoUpdate({
      target: [notifications.recipientId, notifications.groupKey],
      targetWhere: sql`${notifications.groupKey} is not null and not ${notifications.isRead}`,
      set: {
        count: sql`${notifications.count} + 1`,
        message: sql`excluded.message`,
        senderName: sql`excluded.sender_name`,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  return upserted!;
}

/**
 * Records that `actorId` is counted in the recipient's notifications about `target`; false when they already
 * were, and then nothing is to be written or pushed. Never called for an anonymous action.
 */
export async function countActor(
  db: Executor,
  actor: { recipientId: string; target: string; actorId: string },
): Promise<boolean> {
  const inserted = await db
    .insert(notificationActors)
    .values(actor)
    .onConflictDoNothing()
    .returning({ actorId: notificationActors.actorId });
  return inserted.length === 1;
}

export function listNotifications(db: Executor, recipientId: string, limit: number) {
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.recipientId, recipientId))
    .orderBy(desc(notifications.updatedAt), desc(notifications.id))
    .limit(limit);
}

export async function markRead(db: Executor, id: number, recipientId: string): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, id), eq(notifications.recipientId, recipientId)))
    .returning({ id: notifications.id });
  return rows.length === 1;
}

export async function markAllRead(db: Executor, recipientId: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.recipientId, recipientId), eq(notifications.isRead, false)))
    .returning({ id: notifications.id });
  return rows.length;
}

export async function unreadCount(db: Executor, recipientId: string): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(notifications)
    .where(and(eq(notifications.recipientId, recipientId), eq(notifications.isRead, false)));
  return row?.count ?? 0;
}

export async function hasNotification(
  db: Executor,
  recipientId: string,
  type: NotificationRow['type'],
  postId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.recipientId, recipientId),
        eq(notifications.type, type),
        eq(notifications.postId, postId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

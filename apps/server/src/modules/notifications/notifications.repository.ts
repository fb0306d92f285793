import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { notificationActors, notifications, users } from '../../db/schema';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = Omit<
  typeof notifications.$inferInsert,
  'id' | 'count' | 'isRead' | 'createdAt' | 'updatedAt'
>;
/** A written notification: enough to read it back and to know whom to tell. */
export interface CreatedNotification {
  id: number;
  recipientId: string;
}

/** A notification with what its text needs about the person who acted (none when anonymous or gone). */
export type NotificationView = NotificationRow & {
  actor: { firstName: string; lastName: string; username: string } | null;
};

const created = { id: notifications.id, recipientId: notifications.recipientId };

/**
 * Writes a notification. One with a group key folds into the recipient's unread notification of the same key
 * (count + 1, newest actor and excerpt), so a popular post yields one line instead of hundreds. Undefined when
 * the recipient turned this kind off in the app: the database skips the row (and the fold) before it is written.
 */
export async function insertNotification(
  db: Executor,
  row: NewNotification,
): Promise<CreatedNotification | undefined> {
  if (!row.groupKey) {
    const [inserted] = await db.insert(notifications).values(row).returning(created);
    return inserted;
  }
  const [upserted] = await db
    .insert(notifications)
    .values(row)
    .onConflictDoUpdate({
      target: [notifications.recipientId, notifications.groupKey],
      targetWhere: sql`${notifications.groupKey} is not null and not ${notifications.isRead}`,
      set: {
        count: sql`${notifications.count} + 1`,
        actorId: sql`excluded.actor_id`,
        content: sql`excluded.content`,
        updatedAt: sql`now()`,
      },
    })
    .returning(created);
  return upserted;
}

function selectViews(db: Executor) {
  return db
    .select({
      notification: notifications,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
    })
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.actorId));
}

type ViewRow = Awaited<ReturnType<typeof selectViews>>[number];

function toView(row: ViewRow): NotificationView {
  const { notification, firstName, lastName, username } = row;
  return {
    ...notification,
    actor: username === null ? null : { firstName: firstName ?? '', lastName: lastName ?? '', username },
  };
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

/** Forgets that `actorId` was counted, for a notification that was not written after all. */
export async function uncountActor(
  db: Executor,
  actor: { recipientId: string; target: string; actorId: string },
): Promise<void> {
  await db
    .delete(notificationActors)
    .where(
      and(
        eq(notificationActors.recipientId, actor.recipientId),
        eq(notificationActors.target, actor.target),
        eq(notificationActors.actorId, actor.actorId),
      ),
    );
}

export async function listNotifications(
  db: Executor,
  recipientId: string,
  limit: number,
): Promise<NotificationView[]> {
  const rows = await selectViews(db)
    .where(eq(notifications.recipientId, recipientId))
    .orderBy(desc(notifications.updatedAt), desc(notifications.id))
    .limit(limit);
  return rows.map(toView);
}

export async function notificationsByIds(db: Executor, ids: number[]): Promise<NotificationView[]> {
  if (ids.length === 0) return [];
  const rows = await selectViews(db).where(inArray(notifications.id, ids)).orderBy(notifications.id);
  return rows.map(toView);
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
  kind: NotificationRow['kind'],
  postId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.recipientId, recipientId),
        eq(notifications.kind, kind),
        eq(notifications.postId, postId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

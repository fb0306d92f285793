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
  /**
   * Whether the recipient had a device subscribed for push when the notification was written, when the writer
   * knows (a vote does): false spares the push lookup.
   */
  hasDevices?: boolean;
}

type Person = { firstName: string; lastName: string; username: string };

/**
 * A notification with what its text needs about the person who acted (none when anonymous or gone) and, for a
 * grouped comment, reply, mention or follow, about the named people it stands for (`people`, see peopleOf).
 */
export type NotificationView = NotificationRow & {
  actor: Person | null;
  people: { newest: Person[]; total: number } | null;
};

/** The kinds whose cards name the people who acted; voters are never named, so votes have none. */
const NAMING_KINDS = ['comment', 'reply', 'mention', 'follow'] as const;
/** How many people a card names before it counts the rest («سارة وخالد و3 آخرون»). */
const NAMED_PER_CARD = 2;

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

function toView(row: ViewRow, people: Map<number, { newest: Person[]; total: number }>): NotificationView {
  const { notification, firstName, lastName, username } = row;
  return {
    ...notification,
    actor: username === null ? null : { firstName: firstName ?? '', lastName: lastName ?? '', username },
    people: people.get(notification.id) ?? null,
  };
}

/**
 * Reads the notifications back with the people they name: one query for the rows and one for the people of
 * all of them, whatever the page's size.
 */
async function withPeople(db: Executor, rows: ViewRow[]): Promise<NotificationView[]> {
  const grouped = rows
    .map((row) => row.notification)
    .filter((n) => n.groupKey !== null && (NAMING_KINDS as readonly string[]).includes(n.kind));
  const people = await peopleOf(
    db,
    grouped.map((n) => n.id),
  );
  return rows.map((row) => toView(row, people));
}

/**
 * The named people of grouped notifications: those recorded for the card's key (recordActor) between its first
 * and its latest fold, the newest NAMED_PER_CARD by name and how many they are. A card whose people were never
 * recorded (written before they were) has none here, and its text falls back to its stored newest actor.
 */
export async function peopleOf(
  db: Executor,
  ids: readonly number[],
): Promise<Map<number, { newest: Person[]; total: number }>> {
  const people = new Map<number, { newest: Person[]; total: number }>();
  if (ids.length === 0) return people;
  const result = (await db.execute(sql`select id, first_name, last_name, username, total from (
      select n.id, u.first_name, u.last_name, u.username,
        count(*) over (partition by n.id) as total,
        row_number() over (partition by n.id order by a.created_at desc, a.actor_id) as rank
      from ${notifications} n
      join ${notificationActors} a
        on a.recipient_id = n.recipient_id and a.target = n.group_key
        and a.created_at between n.created_at and n.updated_at
      join ${users} u on u.id = a.actor_id
      where n.id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})
    ) ranked
    where rank <= ${NAMED_PER_CARD}
    order by id, rank`)) as {
    rows: {
      id: number | string;
      first_name: string;
      last_name: string;
      username: string;
      total: number | string;
    }[];
  };
  for (const row of result.rows) {
    const id = Number(row.id);
    const entry = people.get(id) ?? { newest: [], total: Number(row.total) };
    entry.newest.push({ firstName: row.first_name, lastName: row.last_name, username: row.username });
    people.set(id, entry);
  }
  return people;
}

/**
 * Records `actorId` among the people of a grouped notification just written or folded, at the moment it
 * changed, so that the card names them (peopleOf). Someone already recorded for the key moves to this moment:
 * commenting again on a post whose card was read puts them on the new card. Never called for an anonymous action.
 */
export async function recordActor(
  db: Executor,
  notification: CreatedNotification,
  actorId: string,
): Promise<void> {
  await db.execute(sql`insert into ${notificationActors} (recipient_id, target, actor_id, created_at)
    select n.recipient_id, n.group_key, ${actorId}, n.updated_at
    from ${notifications} n
    where n.id = ${notification.id} and n.group_key is not null
    on conflict (recipient_id, target, actor_id) do update set created_at = excluded.created_at`);
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
  return withPeople(db, rows);
}

export async function notificationsByIds(db: Executor, ids: number[]): Promise<NotificationView[]> {
  if (ids.length === 0) return [];
  const rows = await selectViews(db).where(inArray(notifications.id, ids)).orderBy(notifications.id);
  return withPeople(db, rows);
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

/** The unread counts of many recipients in one query; those with none are left out. */
export async function unreadCounts(
  db: Executor,
  recipientIds: readonly string[],
): Promise<Map<string, number>> {
  if (recipientIds.length === 0) return new Map();
  const rows = await db
    .select({ recipientId: notifications.recipientId, count: count() })
    .from(notifications)
    .where(and(inArray(notifications.recipientId, [...recipientIds]), eq(notifications.isRead, false)))
    .groupBy(notifications.recipientId);
  return new Map(rows.map((row) => [row.recipientId, row.count]));
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

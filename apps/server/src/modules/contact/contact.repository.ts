import { and, desc, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { contactMessages } from '../../db/schema';

export type NewContactMessage = typeof contactMessages.$inferInsert;
export type ContactMessageRow = typeof contactMessages.$inferSelect;

type Page = { afterId?: number | undefined; offset: number; limit: number };

export async function insertContactMessage(
  db: Executor,
  message: NewContactMessage,
): Promise<ContactMessageRow> {
  const [row] = await db.insert(contactMessages).values(message).returning();
  return row!;
}

const unreadOnly = (unread: boolean | undefined): SQL | undefined =>
  unread ? eq(contactMessages.isRead, false) : undefined;

/** One keyset page of the inbox, newest first (`limit + 1` rows). */
export async function listContactMessages(db: Executor, unread: boolean | undefined, page: Page) {
  return db
    .select()
    .from(contactMessages)
    .where(and(unreadOnly(unread), page.afterId ? lt(contactMessages.id, page.afterId) : undefined))
    .orderBy(desc(contactMessages.id))
    .limit(page.limit + 1)
    .offset(page.offset);
}

/** The size of the inbox, counted no further than `cap` so that a flood of messages costs a bounded scan. */
export async function countContactMessages(
  db: Executor,
  unread: boolean | undefined,
  cap: number,
): Promise<number> {
  const capped = db
    .select({ one: sql<number>`1`.as('one') })
    .from(contactMessages)
    .where(unreadOnly(unread))
    .limit(cap)
    .as('capped');
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(capped);
  return row?.count ?? 0;
}

/** Marks one message read (again, harmlessly, if it already is); undefined when there is no such message. */
export async function markContactMessageRead(
  db: Executor,
  id: number,
): Promise<ContactMessageRow | undefined> {
  const [row] = await db
    .update(contactMessages)
    .set({ isRead: true })
    .where(eq(contactMessages.id, id))
    .returning();
  return row;
}

import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { notificationPreferences, notifications, pushSubscriptions, users } from '../../db/schema';

export interface NewSubscription {
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * Saves a browser's subscription. An endpoint is one browser's: subscribing again there (after another sign-in,
 * or with new keys) moves the row to the caller and makes it their newest.
 */
export async function upsertSubscription(db: Executor, row: NewSubscription): Promise<void> {
  await db
    .insert(pushSubscriptions)
    .values(row)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        userId: sql`excluded.user_id`,
        p256dh: sql`excluded.p256dh`,
        auth: sql`excluded.auth`,
        createdAt: sql`now()`,
      },
    });
}

/**
 * Moves a subscription to the endpoint and keys its browser replaced it with, for the same user. Returns false
 * when no subscription has the old endpoint (it ended, or was never this server's).
 */
export async function replaceEndpoint(
  db: Executor,
  oldEndpoint: string,
  next: Omit<NewSubscription, 'userId'>,
): Promise<boolean> {
  if (oldEndpoint !== next.endpoint)
    await db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, next.endpoint));
  const moved = await db
    .update(pushSubscriptions)
    .set({ endpoint: next.endpoint, p256dh: next.p256dh, auth: next.auth, createdAt: sql`now()` })
    .where(eq(pushSubscriptions.endpoint, oldEndpoint))
    .returning({ id: pushSubscriptions.id });
  return moved.length > 0;
}

/** Keeps the user's `keep` newest subscriptions and removes the older ones. */
export async function trimSubscriptions(db: Executor, userId: string, keep: number): Promise<void> {
  const newest = db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
    .limit(keep);
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, newest)));
}

/** Removes the endpoint if it is the user's; someone else's is left as it is. */
export async function deleteSubscription(db: Executor, userId: string, endpoint: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

/** Forgets a subscription its push service says has ended. */
export async function deleteEndedSubscription(db: Executor, id: number, endpoint: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.endpoint, endpoint)));
}

/**
 * One row per notification and device of its recipient, with what decides whether it is pushed: the kind's
 * push choice (null when the user kept the default) and the recipient's quiet hours and time zone. A recipient
 * with no device has no row. One query for a whole batch of notifications.
 */
export function pushTargets(db: Executor, notificationIds: number[]) {
  return db
    .select({
      notificationId: notifications.id,
      recipientId: notifications.recipientId,
      kind: notifications.kind,
      push: notificationPreferences.push,
      timeZone: users.timeZone,
      quietHoursStart: users.quietHoursStart,
      quietHoursEnd: users.quietHoursEnd,
      subscriptionId: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.recipientId))
    .innerJoin(pushSubscriptions, eq(pushSubscriptions.userId, notifications.recipientId))
    .leftJoin(
      notificationPreferences,
      and(
        eq(notificationPreferences.userId, notifications.recipientId),
        eq(notificationPreferences.kind, notifications.kind),
      ),
    )
    .where(inArray(notifications.id, notificationIds))
    .orderBy(notifications.id, pushSubscriptions.id);
}

export type PushTargetRow = Awaited<ReturnType<typeof pushTargets>>[number];

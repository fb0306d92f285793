import { and, eq, inArray, or } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { blocks, notificationActors, users } from '../../db/schema';

/** The people of these username keys who exist, one query whatever the number of texts asked about. */
export async function usersByKeys(db: Executor, keys: string[]) {
  if (keys.length === 0) return [];
  return db
    .select({ userId: users.id, username: users.username, key: users.usernameKey })
    .from(users)
    .where(inArray(users.usernameKey, keys));
}

/** Which of `others` have blocked `userId` or been blocked by them. */
export async function blockedBetween(db: Executor, userId: string, others: string[]): Promise<Set<string>> {
  if (others.length === 0) return new Set();
  const rows = await db
    .select({ blockerId: blocks.blockerId, blockedId: blocks.blockedId })
    .from(blocks)
    .where(
      or(
        and(eq(blocks.blockerId, userId), inArray(blocks.blockedId, others)),
        and(eq(blocks.blockedId, userId), inArray(blocks.blockerId, others)),
      ),
    );
  return new Set(rows.map((row) => (row.blockerId === userId ? row.blockedId : row.blockerId)));
}

/** The username of one of these people (by key) who blocked `authorId`, or undefined: one query. */
export async function blockerAmongKeys(
  db: Executor,
  authorId: string,
  keys: string[],
): Promise<string | undefined> {
  if (keys.length === 0) return undefined;
  const [row] = await db
    .select({ username: users.username })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockerId))
    .where(and(eq(blocks.blockedId, authorId), inArray(users.usernameKey, keys)))
    .limit(1);
  return row?.username;
}

/**
 * Records that `recipientId` was told of their mention in a content; false when they already were. The mentioned
 * person stands as the "actor" of their own row: the writer is never stored, so anonymous content leaves no trace
 * of who wrote it.
 */
export async function markMentioned(db: Executor, recipientId: string, target: string): Promise<boolean> {
  const inserted = await db
    .insert(notificationActors)
    .values({ recipientId, target, actorId: recipientId })
    .onConflictDoNothing()
    .returning({ actorId: notificationActors.actorId });
  return inserted.length === 1;
}

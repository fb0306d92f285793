import { and, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { comments, posts, users } from '../../db/schema';

/**
 * Who wrote a post or a comment, with the item's text and post for the notice its author is sent. Read only to
 * act on the author: no answer to staff ever carries `authorId`.
 */
export async function findContentAuthor(db: Executor, kind: 'post' | 'comment', id: number) {
  const [row] =
    kind === 'post'
      ? await db
          .select({ authorId: posts.authorId, postId: posts.id, content: posts.content })
          .from(posts)
          .where(eq(posts.id, id))
          .limit(1)
      : await db
          .select({ authorId: comments.authorId, postId: comments.postId, content: comments.content })
          .from(comments)
          .where(eq(comments.id, id))
          .limit(1);
  return row;
}

export async function userExists(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  return row !== undefined;
}

/**
 * Suspends a user until `until`, or leaves a longer suspension already running as it is (a second report never
 * shortens a first one's suspension; lifting is a separate, explicit action). Returns the end now in force.
 */
export async function extendSuspension(db: Executor, userId: string, until: Date): Promise<Date | undefined> {
  const [row] = await db
    .update(users)
    .set({
      suspendedUntil: sql`greatest(case when ${users.suspendedUntil} > now() then ${users.suspendedUntil} end,
        ${until.toISOString()}::timestamptz)`,
    })
    .where(eq(users.id, userId))
    .returning({ suspendedUntil: users.suspendedUntil });
  return row?.suspendedUntil ?? undefined;
}

/** Ends a running suspension now; false when none was running. */
export async function liftSuspension(db: Executor, userId: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ suspendedUntil: null })
    .where(and(eq(users.id, userId), gt(users.suspendedUntil, sql`now()`)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** The end of the user's running suspension, if one is running. */
export async function runningSuspension(db: Executor, userId: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ until: users.suspendedUntil })
    .from(users)
    .where(and(eq(users.id, userId), gt(users.suspendedUntil, sql`now()`)))
    .limit(1);
  return row?.until ?? undefined;
}

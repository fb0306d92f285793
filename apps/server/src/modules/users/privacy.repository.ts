import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { blocks, follows, mutedWords, mutes, users } from '../../db/schema';
import { publicUserColumns } from './profiles.repository';
import { blockedBetween } from './visibility';

/** Adds the block unless it exists; true only when a row was really added. */
export async function insertBlock(db: Executor, blockerId: string, blockedId: string): Promise<boolean> {
  const rows = await db
    .insert(blocks)
    .values({ blockerId, blockedId })
    .onConflictDoNothing()
    .returning({ blockerId: blocks.blockerId });
  return rows.length > 0;
}

export async function deleteBlock(db: Executor, blockerId: string, blockedId: string) {
  await db.delete(blocks).where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)));
}

/** Whether a block stands between the two people, whichever side made it. */
export async function isBlockedBetween(db: Executor, a: string, b: string): Promise<boolean> {
  const [row] = await db.select({ blocked: blockedBetween(a, b) }).from(sql`(select 1) as one`);
  return row?.blocked ?? false;
}

/** Ends the follows between two people, both directions; answers the (follower, followed) pairs that existed. */
export async function deleteFollowsBetween(db: Executor, a: string, b: string) {
  return db
    .delete(follows)
    .where(
      or(
        and(eq(follows.followerId, a), eq(follows.followedId, b)),
        and(eq(follows.followerId, b), eq(follows.followedId, a)),
      ),
    )
    .returning({ followerId: follows.followerId, followedId: follows.followedId });
}

export async function insertMute(db: Executor, muterId: string, mutedId: string) {
  await db.insert(mutes).values({ muterId, mutedId }).onConflictDoNothing();
}

export async function deleteMute(db: Executor, muterId: string, mutedId: string) {
  await db.delete(mutes).where(and(eq(mutes.muterId, muterId), eq(mutes.mutedId, mutedId)));
}

type TimePage = { after?: { at: string; id: string } | undefined; offset: number; limit: number };

/**
 * One page of the people the user blocked or muted, most recent first, keyed on (time, the other person's id);
 * `limit + 1` rows so the caller knows whether another page exists. The user's rows are read through the
 * primary key's (user, other) prefix.
 */
export async function listRestricted(db: Executor, list: 'blocks' | 'mutes', userId: string, page: TimePage) {
  const table = list === 'blocks' ? blocks : mutes;
  const self = list === 'blocks' ? blocks.blockerId : mutes.muterId;
  const other = list === 'blocks' ? blocks.blockedId : mutes.mutedId;
  const at = sql<string>`to_char(${table.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
  const after = page.after
    ? sql`(${table.createdAt}, ${other}) < (${page.after.at}::timestamptz, ${page.after.id}::uuid)`
    : undefined;
  return db
    .select({ user: publicUserColumns, at })
    .from(table)
    .innerJoin(users, eq(users.id, other))
    .where(and(eq(self, userId), after))
    .orderBy(desc(table.createdAt), desc(other))
    .limit(page.limit + 1)
    .offset(page.offset);
}

export async function countRestricted(db: Executor, list: 'blocks' | 'mutes', userId: string) {
  const table = list === 'blocks' ? blocks : mutes;
  const self = list === 'blocks' ? blocks.blockerId : mutes.muterId;
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(table)
    .where(eq(self, userId));
  return row?.count ?? 0;
}

/**
 * Adds a muted word while the user has fewer than `max`: the count is the insert's own condition, so the check
 * and the write are one statement. Answers the new row, or undefined when the user is full or has the word.
 */
export async function insertMutedWord(
  db: Executor,
  userId: string,
  word: string,
  wordNormalized: string,
  max: number,
) {
  type Row = { id: number | string; word: string; created_at: string | Date };
  // Both drivers (node-postgres and PGlite) answer a raw statement with its rows under `rows`.
  const result = (await db.execute<Row>(sql`
    insert into ${mutedWords} (user_id, word, word_normalized)
    select ${userId}, ${word}, ${wordNormalized}
    where (select count(*) from ${mutedWords} where user_id = ${userId}) < ${max}
    on conflict (user_id, word_normalized) do nothing
    returning id, word, created_at`)) as { rows: Row[] };
  const row = result.rows[0];
  return row && { id: Number(row.id), word: row.word, createdAt: new Date(row.created_at) };
}

export async function countMutedWords(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(mutedWords)
    .where(eq(mutedWords.userId, userId));
  return row?.count ?? 0;
}

/** One page of the user's muted words, the newest first, keyed on the id. */
export async function listMutedWords(
  db: Executor,
  userId: string,
  page: { afterId?: number | undefined; offset: number; limit: number },
) {
  return db
    .select({ id: mutedWords.id, word: mutedWords.word, createdAt: mutedWords.createdAt })
    .from(mutedWords)
    .where(
      and(
        eq(mutedWords.userId, userId),
        page.afterId !== undefined ? lt(mutedWords.id, page.afterId) : undefined,
      ),
    )
    .orderBy(desc(mutedWords.id))
    .limit(page.limit + 1)
    .offset(page.offset);
}

/** Deletes one of the user's muted words; false for a missing word and for someone else's alike. */
export async function deleteMutedWord(db: Executor, userId: string, id: number): Promise<boolean> {
  const rows = await db
    .delete(mutedWords)
    .where(and(eq(mutedWords.id, id), eq(mutedWords.userId, userId)))
    .returning({ id: mutedWords.id });
  return rows.length > 0;
}

/** The tag keys (without `#`) the user muted, for the lists that are shared between users (trending tags). */
export async function mutedHashtagKeys(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .select({ key: sql<string>`substr(${mutedWords.wordNormalized}, 2)` })
    .from(mutedWords)
    .where(and(eq(mutedWords.userId, userId), sql`left(${mutedWords.wordNormalized}, 1) = '#'`));
  return rows.map((row) => row.key);
}

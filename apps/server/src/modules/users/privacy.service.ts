import type { z } from 'zod';
import { msg } from '@ray/shared/messages.ar';
import { serverMsg } from '@ray/shared/server-messages.ar';
import type { Paged } from '@ray/shared/schemas/common';
import {
  MUTED_WORDS_MAX,
  mutedWordKey,
  type BlockResult,
  type MutedWord,
  type MuteResult,
  type privacyListQuerySchema,
  type RestrictedUser,
} from '@ray/shared/schemas/privacy';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { decodeCursor, decodeTimeCursor, encodeCursor, encodeTimeCursor } from '../../lib/cursor';
import { isForeignKeyViolation } from '../../lib/db-errors';
import { pagePosition, toPage } from '../../lib/paging';
import { adjustFollowCounts } from './follows.repository';
import { toPublicUser } from './profiles.mapper';
import { findUserById } from './users.repository';
import * as repo from './privacy.repository';

type ListQuery = z.output<typeof privacyListQuerySchema>;

function userNotFound(): AppError {
  return new AppError('NOT_FOUND', { message: msg.userNotFound });
}

/** The other person must exist and be someone else; the answer for a missing one is 404 whatever the action. */
async function checkOther(ctx: AppContext, userId: string, otherId: string, selfMessage: string) {
  if (userId === otherId) throw AppError.field('BAD_REQUEST', 'id', selfMessage);
  if (!(await findUserById(ctx.database.db, otherId))) throw userNotFound();
}

/**
 * Blocks a user. The follows between the two end in the same transaction, both directions, and each one that
 * really existed moves its two counters, so the counts stay exact. Blocking again changes nothing.
 */
export async function block(ctx: AppContext, userId: string, otherId: string): Promise<BlockResult> {
  await checkOther(ctx, userId, otherId, serverMsg.cannotBlockSelf);
  try {
    await ctx.database.db.transaction(async (tx) => {
      await repo.insertBlock(tx, userId, otherId);
      const ended = await repo.deleteFollowsBetween(tx, userId, otherId);
      for (const follow of ended) await adjustFollowCounts(tx, follow.followerId, follow.followedId, -1);
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw userNotFound();
    throw error;
  }
  // The follows just ended change what each side's following feed counts.
  ctx.caches.followingTotals.delete(userId);
  ctx.caches.followingTotals.delete(otherId);
  return { isBlocked: true };
}

export async function unblock(ctx: AppContext, userId: string, otherId: string): Promise<BlockResult> {
  await checkOther(ctx, userId, otherId, serverMsg.cannotBlockSelf);
  await repo.deleteBlock(ctx.database.db, userId, otherId);
  return { isBlocked: false };
}

/** Mutes a user: nothing is written anywhere the muted person could see. */
export async function mute(ctx: AppContext, userId: string, otherId: string): Promise<MuteResult> {
  await checkOther(ctx, userId, otherId, serverMsg.cannotMuteSelf);
  try {
    await repo.insertMute(ctx.database.db, userId, otherId);
  } catch (error) {
    if (isForeignKeyViolation(error)) throw userNotFound();
    throw error;
  }
  return { isMuted: true };
}

export async function unmute(ctx: AppContext, userId: string, otherId: string): Promise<MuteResult> {
  await checkOther(ctx, userId, otherId, serverMsg.cannotMuteSelf);
  await repo.deleteMute(ctx.database.db, userId, otherId);
  return { isMuted: false };
}

/** The people the caller blocked or muted, most recent first. */
export async function listRestricted(
  ctx: AppContext,
  list: 'blocks' | 'mutes',
  userId: string,
  query: ListQuery,
): Promise<Paged<RestrictedUser>> {
  const db = ctx.database.db;
  const position = pagePosition(query, decodeTimeCursor);
  const [rows, total] = await Promise.all([
    repo.listRestricted(db, list, userId, {
      after: position.after,
      offset: position.offset,
      limit: query.pageSize,
    }),
    repo.countRestricted(db, list, userId),
  ]);
  return toPage(
    rows,
    position,
    query.pageSize,
    total,
    (row) => ({ ...toPublicUser(row.user), since: row.at }),
    (row) => encodeTimeCursor(row.at, row.user.id),
  );
}

function toMutedWord(row: { id: number; word: string; createdAt: Date }): MutedWord {
  return {
    id: row.id,
    word: row.word,
    isHashtag: row.word.startsWith('#'),
    createdAt: row.createdAt.toISOString(),
  };
}

/** Mutes a word or a `#tag`, as written; it is matched Arabic-normalised (see `mutedWordKey`). */
export async function addMutedWord(ctx: AppContext, userId: string, word: string): Promise<MutedWord> {
  const db = ctx.database.db;
  const added = await repo.insertMutedWord(db, userId, word, mutedWordKey(word), MUTED_WORDS_MAX);
  if (added) return toMutedWord(added);
  if ((await repo.countMutedWords(db, userId)) >= MUTED_WORDS_MAX)
    throw AppError.field('CONFLICT', 'word', serverMsg.mutedWordsFull(MUTED_WORDS_MAX));
  throw AppError.field('CONFLICT', 'word', serverMsg.mutedWordDuplicate);
}

export async function listMutedWords(
  ctx: AppContext,
  userId: string,
  query: ListQuery,
): Promise<Paged<MutedWord>> {
  const db = ctx.database.db;
  const position = pagePosition(query, decodeCursor);
  const [rows, total] = await Promise.all([
    repo.listMutedWords(db, userId, {
      afterId: position.after,
      offset: position.offset,
      limit: query.pageSize,
    }),
    repo.countMutedWords(db, userId),
  ]);
  return toPage(rows, position, query.pageSize, total, toMutedWord, (row) => encodeCursor(row.id));
}

export async function removeMutedWord(ctx: AppContext, userId: string, id: number): Promise<void> {
  if (!(await repo.deleteMutedWord(ctx.database.db, userId, id)))
    throw new AppError('NOT_FOUND', { message: serverMsg.mutedWordNotFound });
}

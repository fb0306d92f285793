import type { z } from 'zod';
import type { CurrentUser, updateProfileSchema } from '@ray/shared/schemas/user';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { AVATAR_IMAGE } from '../../lib/images';
import { keyOfUrl } from '../../lib/storage';
import { displayName, toCurrentUser } from './users.mapper';
import { findUserById, replaceAvatar, updateUser } from './users.repository';

export async function getCurrentUser(ctx: AppContext, userId: string): Promise<CurrentUser> {
  const user = await findUserById(ctx.database.db, userId);
  if (!user) throw new AppError('UNAUTHORIZED');
  return toCurrentUser(user);
}

export async function updateProfile(
  ctx: AppContext,
  userId: string,
  changes: z.output<typeof updateProfileSchema>,
): Promise<CurrentUser> {
  const user = await updateUser(ctx.database.db, userId, changes);
  if (!user) throw new AppError('UNAUTHORIZED');
  // The name is on every post of theirs that visitors share: none keeps the old one.
  ctx.publicAnswers.evict({ all: true });
  return toCurrentUser(user);
}

export async function getProfileName(ctx: AppContext, userId: string) {
  const user = await findUserById(ctx.database.db, userId);
  if (!user) throw new AppError('NOT_FOUND');
  return {
    userId: user.id,
    displayName: displayName(user),
    username: user.username,
    avatarUrl: user.avatarUrl,
  };
}

export async function setAvatar(ctx: AppContext, userId: string, file: Buffer) {
  const image = await ctx.images.process(file, AVATAR_IMAGE, userId);
  const key = `avatar/${image.name}`;
  const url = await ctx.storage.put(key, image.original);
  const forget = () => ctx.storage.remove(key).catch(() => undefined);
  let replaced: { previous: string | null } | undefined;
  try {
    replaced = await replaceAvatar(ctx.database.db, userId, url);
  } catch (error) {
    await forget();
    throw error;
  }
  if (!replaced) {
    await forget();
    throw new AppError('UNAUTHORIZED');
  }
  // Shared answers would still point at the old picture, which is about to be removed.
  ctx.publicAnswers.evict({ all: true });
  const oldKey = replaced.previous ? keyOfUrl(ctx.storage, replaced.previous) : null;
  // The profile already shows the new picture; a store that cannot delete the old one now only leaves a file.
  if (oldKey)
    await ctx.storage.remove(oldKey).catch((error: unknown) => {
      ctx.logger.warn({ err: error, key: oldKey }, 'old avatar not removed');
    });
  return { url };
}

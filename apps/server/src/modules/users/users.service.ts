import type { z } from 'zod';
import type { CurrentUser, updateProfileSchema } from '@ray/shared/schemas/user';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { AVATAR_IMAGE, processImage } from '../../lib/images';
import { keyOfUrl } from '../../lib/storage';
import { displayName, toCurrentUser } from './users.mapper';
import { findUserById, updateUser } from './users.repository';

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
  const image = await processImage(file, AVATAR_IMAGE);
  const url = await ctx.storage.put(`avatar/${image.name}`, image.original);
  const previous = await findUserById(ctx.database.db, userId);
  const updated = await updateUser(ctx.database.db, userId, { avatarUrl: url });
  if (!updated) {
    await ctx.storage.remove(`avatar/${image.name}`);
    throw new AppError('UNAUTHORIZED');
  }
  const oldKey = previous?.avatarUrl ? keyOfUrl(ctx.storage, previous.avatarUrl) : null;
  if (oldKey) await ctx.storage.remove(oldKey);
  return { url };
}

import { PassThrough, Readable } from 'node:stream';
import { once } from 'node:events';
import { Zip, ZipPassThrough } from 'fflate';
import type { z } from 'zod';
import { msg } from '@ray/shared/messages.ar';
import { thumbnailOf } from '@ray/shared/media';
import type { deleteAccountSchema } from '@ray/shared/schemas/account-data';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { verifyPassword } from '../../lib/passwords';
import type { Limit } from '../../lib/rate-limiter';
import { keyOfUrl } from '../../lib/storage';
import { describeUserAgent } from '../../lib/user-agent';
import { getPreferences } from '../notifications/preferences.service';
import { detachAuthorHashtags } from '../posts/posts.repository';
import { findUserById } from '../users/users.repository';
import * as repo from './account-data.repository';
import { revokeUserSessions } from './sessions.repository';

/**
 * Rows read per query while an export is written. The file is streamed as it is read: a user with 100,000 votes
 * costs 100 reads of 1,000 rows, never one result of 100,000 held in memory.
 */
const EXPORT_PAGE = 1_000;
/** Exports are heavy (every row the user has): a few per hour are enough to take one's data. */
const EXPORTS_PER_HOUR = 5;
/** The archive of images reads every stored file: fewer still. */
const IMAGE_ARCHIVES_PER_HOUR = 3;
/** Wrong confirmations of a deletion, like wrong current passwords: a session must not guess the password here. */
const DELETE_ATTEMPTS = 5;
const WINDOW_15_MIN = 15 * 60;
const HOUR = 3600;

async function takeLimit(ctx: AppContext, limit: Limit, message = msg.rateLimited) {
  const wait = await ctx.limiter.take([limit]);
  if (wait > 0) throw new AppError('RATE_LIMITED', { message, retryAfterSeconds: wait });
}

/** The date of a file's name: 2026-11-26. */
function day(date = new Date()): string {
  return date.toISOString().slice(0, 10);
}

/** A name the export's file may carry: the username is [A-Za-z0-9_] already, kept so for any older row. */
function fileNameOf(username: string, kind: string, extension: string): string {
  return `ray-${kind}-${username.replace(/[^\w-]/g, '_')}-${day()}.${extension}`;
}

export function attachmentHeader(fileName: string): string {
  return `attachment; filename="${fileName}"`;
}

/** Reads every page of one list through `page`, which answers the rows after the last one it was given. */
async function* everyRow<Row>(page: (last: Row | undefined) => Promise<Row[]>): AsyncGenerator<Row> {
  let last: Row | undefined;
  for (;;) {
    const rows = await page(last);
    yield* rows;
    if (rows.length < EXPORT_PAGE) return;
    last = rows.at(-1);
  }
}

/** A JSON array written element by element. */
async function* jsonArray<Row>(rows: AsyncIterable<Row>, map: (row: Row) => unknown): AsyncGenerator<string> {
  yield '[';
  let first = true;
  for await (const row of rows) {
    yield (first ? '' : ',') + JSON.stringify(map(row));
    first = false;
  }
  yield ']';
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * Everything the product holds about the user, as one JSON document written while it is read. Anonymous posts
 * and comments are in it, marked as such: they are the user's own, and only the user receives the file.
 */
export async function exportData(
  ctx: AppContext,
  userId: string,
): Promise<{ fileName: string; body: Readable }> {
  await takeLimit(ctx, { key: `export:user:${userId}`, max: EXPORTS_PER_HOUR, windowSeconds: HOUR });
  const db = ctx.database.db;
  const profile = await repo.findExportProfile(db, userId);
  if (!profile) throw new AppError('UNAUTHORIZED');
  const notificationPreferences = await getPreferences(ctx, userId);

  const sections: [string, () => AsyncGenerator<string>][] = [
    [
      'posts',
      () =>
        jsonArray(
          everyRow((last: { id: number } | undefined) =>
            repo.listExportPosts(db, userId, last?.id ?? 0, EXPORT_PAGE),
          ),
          (post) => ({
            ...post,
            pollClosesAt: iso(post.pollClosesAt),
            hidden: post.hiddenAt !== null,
            hiddenAt: iso(post.hiddenAt),
            editedAt: iso(post.editedAt),
            createdAt: iso(post.createdAt),
          }),
        ),
    ],
    [
      'comments',
      () =>
        jsonArray(
          everyRow((last: { id: number } | undefined) =>
            repo.listExportComments(db, userId, last?.id ?? 0, EXPORT_PAGE),
          ),
          (comment) => ({
            ...comment,
            isReply: comment.parentId !== null,
            hidden: comment.hiddenAt !== null,
            hiddenAt: iso(comment.hiddenAt),
            createdAt: iso(comment.createdAt),
            updatedAt: iso(comment.updatedAt),
          }),
        ),
    ],
    [
      'votes',
      () =>
        jsonArray(
          everyRow((last: { postId: number } | undefined) =>
            repo.listExportVotes(db, userId, last?.postId ?? 0, EXPORT_PAGE),
          ),
          (vote) => ({ ...vote, createdAt: iso(vote.createdAt), updatedAt: iso(vote.updatedAt) }),
        ),
    ],
    [
      'bookmarks',
      () =>
        jsonArray(
          everyRow((last: { id: number } | undefined) =>
            repo.listExportBookmarks(db, userId, last?.id ?? null, EXPORT_PAGE),
          ),
          (bookmark) => ({ postId: bookmark.postId, createdAt: iso(bookmark.createdAt) }),
        ),
    ],
    ...(['following', 'followers', 'blocks', 'mutes'] as const).map(
      (relation): [string, () => AsyncGenerator<string>] => [
        relation,
        () =>
          jsonArray(
            everyRow((last: { id: string } | undefined) =>
              repo.listExportRelation(db, relation, userId, last?.id ?? null, EXPORT_PAGE),
            ),
            (row) => ({ username: row.username, since: iso(row.since) }),
          ),
      ],
    ),
    [
      'notifications',
      () =>
        jsonArray(
          everyRow((last: { id: number } | undefined) =>
            repo.listExportNotifications(db, userId, last?.id ?? null, EXPORT_PAGE),
          ),
          (notification) => ({
            ...notification,
            createdAt: iso(notification.createdAt),
            updatedAt: iso(notification.updatedAt),
          }),
        ),
    ],
    [
      'mutedWords',
      () =>
        jsonArray(
          everyRow((last: { id: number } | undefined) =>
            repo.listExportMutedWords(db, userId, last?.id ?? 0, EXPORT_PAGE),
          ),
          (word) => ({ word: word.word, createdAt: iso(word.createdAt) }),
        ),
    ],
    [
      'sessions',
      () =>
        jsonArray(
          everyRow((last: { id: string } | undefined) =>
            repo.listExportSessions(db, userId, last?.id ?? null, EXPORT_PAGE),
          ),
          (session) => ({
            ...describeUserAgent(session.userAgent),
            userAgent: session.userAgent,
            ip: session.ip,
            createdAt: iso(session.createdAt),
            lastUsedAt: iso(session.lastUsedAt),
            expiresAt: iso(session.expiresAt),
            endedAt: iso(session.revokedAt),
          }),
        ),
    ],
    [
      'pushSubscriptions',
      () =>
        jsonArray(
          everyRow((last: { id: number } | undefined) =>
            repo.listExportPushSubscriptions(db, userId, last?.id ?? 0, EXPORT_PAGE),
          ),
          (subscription) => ({ endpoint: subscription.endpoint, createdAt: iso(subscription.createdAt) }),
        ),
    ],
  ];

  async function* document(): AsyncGenerator<string> {
    const head = {
      exportedAt: new Date().toISOString(),
      profile: {
        ...profile!,
        emailVerifiedAt: iso(profile!.emailVerifiedAt),
        suspendedUntil: iso(profile!.suspendedUntil),
        createdAt: iso(profile!.createdAt),
        updatedAt: iso(profile!.updatedAt),
      },
      notificationPreferences,
    };
    yield JSON.stringify(head).slice(0, -1);
    for (const [name, section] of sections) {
      yield `,${JSON.stringify(name)}:`;
      yield* section();
    }
    yield '}\n';
  }

  return { fileName: fileNameOf(profile.username, 'export', 'json'), body: Readable.from(document()) };
}

/** The files of an archive: the avatar, then each post's image under its post's number and date. */
async function* imageFiles(
  ctx: AppContext,
  userId: string,
  avatarUrl: string | null,
): AsyncGenerator<{ name: string; key: string }> {
  const avatarKey = avatarUrl ? keyOfUrl(ctx.storage, avatarUrl) : null;
  if (avatarKey) yield { name: 'avatar.webp', key: avatarKey };
  const posts = everyRow((last: { id: number } | undefined) =>
    repo.listImagePosts(ctx.database.db, userId, last?.id ?? 0, EXPORT_PAGE),
  );
  for await (const post of posts) {
    const key = post.imageUrl ? keyOfUrl(ctx.storage, post.imageUrl) : null;
    if (key) yield { name: `posts/post-${post.id}-${day(post.createdAt)}.webp`, key };
  }
}

/**
 * A zip of the images the user uploaded, read through the storage (disk or bucket) one file at a time and
 * written as it is read. Images are compressed already, so the archive stores them as they are.
 */
export async function exportImages(
  ctx: AppContext,
  userId: string,
): Promise<{ fileName: string; body: Readable }> {
  await takeLimit(ctx, {
    key: `export-images:user:${userId}`,
    max: IMAGE_ARCHIVES_PER_HOUR,
    windowSeconds: HOUR,
  });
  const user = await findUserById(ctx.database.db, userId);
  if (!user) throw new AppError('UNAUTHORIZED');

  const out = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      out.destroy(error);
      return;
    }
    out.write(chunk);
    if (final) out.end();
  });
  const write = async () => {
    for await (const file of imageFiles(ctx, userId, user.avatarUrl)) {
      const stored = await ctx.storage.read(file.key, { withBody: true });
      // A file the store no longer has (removed by hand, lost) is left out rather than failing the archive.
      if (!stored || stored === 'not-modified' || !stored.body) continue;
      const entry = new ZipPassThrough(file.name);
      zip.add(entry);
      for await (const chunk of stored.body) {
        if (out.destroyed) {
          stored.body.destroy();
          return;
        }
        entry.push(chunk as Uint8Array);
        // The client reads slower than the store answers: wait rather than hold the whole archive in memory.
        if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), once(out, 'close')]);
      }
      entry.push(new Uint8Array(0), true);
    }
    zip.end();
  };
  write().catch((error: unknown) => {
    ctx.logger.warn({ err: error }, 'image archive not completed');
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return { fileName: fileNameOf(user.username, 'images', 'zip'), body: out };
}

/**
 * Deletes the account, confirmed by its password, or by its username for an account that has none. Everything
 * the user wrote goes in one transaction, and every counter they moved is moved back: other posts' votes and
 * comments, other comments' replies, the follows of the people on the other side, the hashtags of their posts
 * (and the trend counts, through the triggers of those rows). Their sessions end at once, open sockets
 * included; their files are removed once the deletion is committed. The audit log keeps its rows (it copies
 * names). Nothing here says which anonymous posts were theirs: they simply go with the rest.
 */
export async function deleteAccount(
  ctx: AppContext,
  userId: string,
  payload: z.output<typeof deleteAccountSchema>,
): Promise<void> {
  const limit: Limit = {
    key: `delete-account:user:${userId}`,
    max: DELETE_ATTEMPTS,
    windowSeconds: WINDOW_15_MIN,
  };
  await takeLimit(ctx, limit);
  const user = await findUserById(ctx.database.db, userId);
  if (!user) throw new AppError('UNAUTHORIZED');
  if (user.passwordHash) {
    if (!payload.password || !(await verifyPassword(user.passwordHash, payload.password)))
      throw AppError.field('CURRENT_PASSWORD_INCORRECT', 'password', msg.deleteAccountPasswordIncorrect);
  } else if (payload.username?.toLowerCase() !== user.usernameKey) {
    throw AppError.field('VALIDATION_FAILED', 'username', msg.deleteAccountUsernameMismatch);
  }
  await ctx.limiter.clear(limit);

  const removed = await ctx.database.db.transaction(async (tx) => {
    const locked = await repo.lockUser(tx, userId);
    if (!locked) throw new AppError('UNAUTHORIZED');
    if (locked.role === 'admin' && !(await repo.otherAdminRemains(tx, userId)))
      throw new AppError('CONFLICT', { message: msg.deleteAccountLastAdmin });
    const sessionIds = await revokeUserSessions(tx, userId);
    await repo.lockTouchedPosts(tx, userId);
    await repo.removeVotes(tx, userId);
    await repo.removeComments(tx, userId);
    await repo.uncountFollows(tx, userId);
    await detachAuthorHashtags(tx, userId);
    const images = await repo.removePosts(tx, userId);
    const row = await repo.removeUser(tx, userId);
    return { sessionIds, images, avatarUrl: row?.avatarUrl ?? null };
  });
  ctx.sessions.revoked(removed.sessionIds);
  // Their posts, anonymous ones among them, and every count they touched: nothing shared survives it.
  ctx.publicAnswers.evict({ all: true });
  await removeFiles(ctx, [
    ...removed.images.flatMap((url) => [url, thumbnailOf(url)]),
    ...(removed.avatarUrl ? [removed.avatarUrl] : []),
  ]);
}

/**
 * Runs after the commit: the account is gone either way, and a file the store keeps is only wasted space. Only
 * the number of failures is logged, never the files, which would tie images to the account.
 */
async function removeFiles(ctx: AppContext, urls: string[]) {
  let failed = 0;
  for (const url of urls) {
    const key = keyOfUrl(ctx.storage, url);
    if (key)
      await ctx.storage.remove(key).catch(() => {
        failed += 1;
      });
  }
  if (failed > 0) ctx.logger.warn({ failed }, 'files of a deleted account not removed');
}

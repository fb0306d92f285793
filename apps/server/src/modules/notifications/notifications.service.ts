import { and, eq, ne } from 'drizzle-orm';
import { REALTIME_EVENTS, type Notification } from '@ray/shared/realtime';
import type { Executor } from '../../db/client';
import { comments } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { startPushing } from '../push/push.service';
import { toNotification } from './notifications.mapper';
import * as repo from './notifications.repository';
import type { CreatedNotification } from './notifications.repository';

/** Length of the excerpt of a post or comment a notification carries (cast_vote receives it too). */
export const EXCERPT_LENGTH = 100;
/** Upper bound of "reply" notifications one comment can send, so a huge thread cannot stall a write. */
const MAX_THREAD_RECIPIENTS = 50;

/** Follows of one user fold into one unread notification, as votes on one post do. */
const FOLLOW_GROUP = 'follow';

/** The notifications that were written: one whose kind the recipient turned off in the app is not. */
export function written(rows: readonly (CreatedNotification | undefined)[]): CreatedNotification[] {
  return rows.filter((row) => row !== undefined);
}

export function excerpt(text: string): string {
  return text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH)}…` : text;
}

/**
 * Writes a comment, reply or mention notification. A named person's folds into the recipient's unread card of
 * the same kind on the same post, which records them among the people it names («علّق سارة وخالد على
 * منشورك»). An anonymous person's stands alone as «مجهول», neither grouped with named people nor recorded: who
 * wrote it must not be told apart by how a card changes.
 */
export async function notifyAbout(
  db: Executor,
  row: Omit<repo.NewNotification, 'groupKey'> & { kind: 'comment' | 'reply' | 'mention'; postId: number },
): Promise<CreatedNotification | undefined> {
  if (row.actorId === null || row.actorId === undefined) return repo.insertNotification(db, row);
  const created = await repo.insertNotification(db, { ...row, groupKey: `${row.kind}:${row.postId}` });
  if (created) await repo.recordActor(db, created, row.actorId);
  return created;
}

/**
 * Notifications for a new comment: the post's author ('comment') and the other people who commented on the
 * post ('reply'). An anonymous commenter is stored as no one and shown as 'مجهول', on a card of its own
 * (notifyAbout). Call inside the comment's transaction; deliver the returned rows after the commit.
 */
export async function notifyComment(
  db: Executor,
  event: { postId: number; postAuthorId: string; commenterId: string; isAnonymous: boolean; content: string },
): Promise<CreatedNotification[]> {
  const actorId = event.isAnonymous ? null : event.commenterId;
  const created: (CreatedNotification | undefined)[] = [];
  if (event.postAuthorId !== event.commenterId) {
    created.push(
      await notifyAbout(db, {
        recipientId: event.postAuthorId,
        kind: 'comment',
        actorId,
        content: excerpt(event.content),
        postId: event.postId,
      }),
    );
  }
  const thread = await db
    .selectDistinct({ authorId: comments.authorId })
    .from(comments)
    .where(
      and(
        eq(comments.postId, event.postId),
        ne(comments.authorId, event.commenterId),
        ne(comments.authorId, event.postAuthorId),
      ),
    )
    .limit(MAX_THREAD_RECIPIENTS);
  for (const { authorId } of thread) {
    created.push(
      await notifyAbout(db, {
        recipientId: authorId,
        kind: 'reply',
        actorId,
        content: excerpt(event.content),
        postId: event.postId,
      }),
    );
  }
  return written(created);
}

/**
 * Notifications for a reply under a comment: the author of the comment answered ('reply', grouped with the
 * post's other replies), and the post's author when someone else ('comment'); never the replier. An anonymous
 * replier is stored as no one and shown as «مجهول», on a card of its own. Call inside the reply's transaction.
 */
export async function notifyReply(
  db: Executor,
  event: {
    postId: number;
    postAuthorId: string;
    threadAuthorId: string;
    replierId: string;
    isAnonymous: boolean;
    content: string;
  },
): Promise<CreatedNotification[]> {
  const actorId = event.isAnonymous ? null : event.replierId;
  const created: (CreatedNotification | undefined)[] = [];
  if (event.threadAuthorId !== event.replierId) {
    created.push(
      await notifyAbout(db, {
        recipientId: event.threadAuthorId,
        kind: 'reply',
        actorId,
        content: excerpt(event.content),
        postId: event.postId,
      }),
    );
  }
  if (event.postAuthorId !== event.replierId && event.postAuthorId !== event.threadAuthorId) {
    created.push(
      await notifyAbout(db, {
        recipientId: event.postAuthorId,
        kind: 'comment',
        actorId,
        content: excerpt(event.content),
        postId: event.postId,
      }),
    );
  }
  return written(created);
}

/**
 * Tells a user about a new follower, once per follower: following, unfollowing and following again notifies
 * (and pushes) nothing the second time. New followers fold into one unread notification naming the newest.
 */
export async function notifyFollow(
  db: Executor,
  event: { followerId: string; followedId: string },
): Promise<CreatedNotification[]> {
  if (event.followerId === event.followedId) return [];
  const counted = await repo.countActor(db, {
    recipientId: event.followedId,
    target: FOLLOW_GROUP,
    actorId: event.followerId,
  });
  if (!counted) return [];
  const row = await repo.insertNotification(db, {
    recipientId: event.followedId,
    kind: 'follow',
    actorId: event.followerId,
    content: null,
    postId: null,
    groupKey: FOLLOW_GROUP,
  });
  // Follows turned off in the app: the follower is not kept as counted. "Once per follower" means the user is told
  // about a follower once, and this user was told nothing; should they turn follows back on, a later follow by the
  // same person is news to them. Votes keep their voter counted (cast_vote): a like on a post is one moment, and
  // liking the same post again after the author changed their mind about likes tells nothing new.
  if (!row)
    await repo.uncountActor(db, {
      recipientId: event.followedId,
      target: FOLLOW_GROUP,
      actorId: event.followerId,
    });
  return written([row]);
}

export async function notifyTrending(
  db: Executor,
  event: { postId: number; postAuthorId: string; content: string },
): Promise<CreatedNotification[]> {
  // An author who turned trending off in the app has no row here, so a later run tries again (and writes nothing)
  // while the post stays on top; turning it back on then tells them about a post that is trending still.
  if (await repo.hasNotification(db, event.postAuthorId, 'trending', event.postId)) return [];
  return written([
    await repo.insertNotification(db, {
      recipientId: event.postAuthorId,
      kind: 'trending',
      actorId: null,
      content: excerpt(event.content),
      postId: event.postId,
    }),
  ]);
}

export async function listForUser(ctx: AppContext, userId: string, limit: number): Promise<Notification[]> {
  return (await repo.listNotifications(ctx.database.db, userId, limit)).map(toNotification);
}

export async function markOneRead(ctx: AppContext, userId: string, id: number) {
  if (!(await repo.markRead(ctx.database.db, id, userId))) throw new AppError('NOT_FOUND');
  await pushUnreadCount(ctx, userId);
}

export async function markAllRead(ctx: AppContext, userId: string) {
  const changed = await repo.markAllRead(ctx.database.db, userId);
  await pushUnreadCount(ctx, userId);
  return changed;
}

/** Notices delivered in real time per round of queries. */
const DELIVERY_BATCH = 1_000;

/**
 * Pushes freshly committed notifications, read back as the list shows them, and each recipient's new unread
 * count. Nothing is read for a recipient no socket can hear. Never rejects: the notifications are already saved,
 * and a push that fails is caught up by the client's next fetch.
 */
export async function deliverNotifications(ctx: AppContext, created: CreatedNotification[]) {
  // Devices hear of every notification, an app open or not; the sending runs in the background.
  startPushing(ctx, created);
  const heard = created.filter((row) => ctx.realtime.reaches(row.recipientId));
  // A poll with thousands of voters closing tells them all: a few queries per batch, not one per person.
  for (let start = 0; start < heard.length; start += DELIVERY_BATCH) {
    const batch = heard.slice(start, start + DELIVERY_BATCH);
    const recipients = new Set<string>();
    try {
      const views = await repo.notificationsByIds(
        ctx.database.db,
        batch.map((row) => row.id),
      );
      for (const view of views) {
        ctx.realtime.emitToUser(view.recipientId, REALTIME_EVENTS.receiveNotification, toNotification(view));
        recipients.add(view.recipientId);
      }
      const counts = await repo.unreadCounts(ctx.database.db, [...recipients]);
      for (const userId of recipients)
        ctx.realtime.emitToUser(userId, REALTIME_EVENTS.unreadCountChanged, counts.get(userId) ?? 0);
    } catch (error) {
      ctx.logger.warn({ err: error }, 'could not push a notification');
    }
  }
}

/** Tells the user's open apps their unread count; the query is skipped when no socket can hear it. */
export async function pushUnreadCount(ctx: AppContext, userId: string) {
  if (!ctx.realtime.reaches(userId)) return;
  try {
    ctx.realtime.emitToUser(
      userId,
      REALTIME_EVENTS.unreadCountChanged,
      await repo.unreadCount(ctx.database.db, userId),
    );
  } catch (error) {
    ctx.logger.warn({ err: error }, 'could not push the unread count');
  }
}

export function unreadCount(ctx: AppContext, userId: string) {
  return repo.unreadCount(ctx.database.db, userId);
}

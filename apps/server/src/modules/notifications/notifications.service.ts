import { and, eq, ne } from 'drizzle-orm';
import { REALTIME_EVENTS, type Notification } from '@ray/shared/realtime';
import { serverMsg } from '@ray/shared/server-messages.ar';
import type { Executor } from '../../db/client';
import { comments, users, type posts } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { displayName } from '../users/users.mapper';
import { followText, groupedText, likeText, pollText, ratingText, replyText } from './notification-text';
import * as repo from './notifications.repository';
import type { NotificationRow } from './notifications.repository';

export const ANONYMOUS_NAME = serverMsg.notification.anonymousName;
/** Grouped vote notifications name no voter: who voted what is never shown to anyone. */
const PRODUCT_NAME = serverMsg.notification.productName;
const EXCERPT = 100;
/** Upper bound of "reply" notifications one comment can send, so a huge thread cannot stall a write. */
const MAX_THREAD_RECIPIENTS = 50;

/** Follows of one user fold into one unread notification, as votes on one post do. */
const FOLLOW_GROUP = 'follow';

/**
 * The message of a grouped notification says how many different people (replies, for a thread) it stands for;
 * its count only grows for someone not counted before (notification_actors).
 */
function groupedMessage(row: NotificationRow): string {
  if (row.count <= 1 || !row.groupKey) return row.message;
  return groupedText(row.groupKey, row.count, row.senderName) ?? row.message;
}

export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type,
    senderName: row.senderName,
    message: groupedMessage(row),
    content: row.content,
    postId: row.postId,
    isRead: row.isRead,
    count: row.count,
    createdAt: row.updatedAt.toISOString(),
  };
}

function excerpt(text: string): string {
  return text.length > EXCERPT ? `${text.slice(0, EXCERPT)}…` : text;
}

async function actorName(db: Executor, actorId: string): Promise<string> {
  const [actor] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, username: users.username })
    .from(users)
    .where(eq(users.id, actorId))
    .limit(1);
  return actor ? displayName(actor) : ANONYMOUS_NAME;
}

/**
 * Notifications for a new comment: the post's author ('comment') and the other people who commented on the
 * post ('reply'). An anonymous commenter is stored as no one and shown as 'مجهول'; replies group by thread and
 * are counted as replies, so nothing about who wrote them (notification_actors, the group key) is kept. Call
 * inside the comment's transaction; deliver the returned rows after the commit.
 */
export async function notifyComment(
  db: Executor,
  event: { postId: number; postAuthorId: string; commenterId: string; isAnonymous: boolean; content: string },
): Promise<NotificationRow[]> {
  const senderName = event.isAnonymous ? ANONYMOUS_NAME : await actorName(db, event.commenterId);
  const actorId = event.isAnonymous ? null : event.commenterId;
  const created: NotificationRow[] = [];
  if (event.postAuthorId !== event.commenterId) {
    created.push(
      await repo.insertNotification(db, {
        recipientId: event.postAuthorId,
        type: 'comment',
        actorId,
        senderName,
        message: serverMsg.notification.commented(senderName),
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
      await repo.insertNotification(db, {
        recipientId: authorId,
        type: 'reply',
        actorId,
        senderName,
        message: replyText(senderName, 1),
        content: excerpt(event.content),
        postId: event.postId,
        groupKey: `reply:${event.postId}`,
      }),
    );
  }
  return created;
}

/**
 * What the author of a post is told of a like, rating or poll vote, for `cast_vote` (migrations 0006 and 0011),
 * which writes the notification in the vote's own transaction: the voter is never named, each person counts
 * once per post and group (notification_actors), and the people of one post fold into one unread notification.
 */
export const VOTE_NOTICE = JSON.stringify({
  senderName: PRODUCT_NAME,
  excerptLength: EXCERPT,
  'like-dislike': { type: 'like', message: likeText(1), group: 'like' },
  rating: { type: 'upvote', message: ratingText(1), group: 'rating' },
  poll: { type: 'upvote', message: pollText(1), group: 'poll' },
} satisfies Record<
  (typeof posts.$inferSelect)['votingType'],
  { type: NotificationRow['type']; message: string; group: string }
> & {
  senderName: string;
  excerptLength: number;
});

/**
 * Tells a user about a new follower, once per follower: following, unfollowing and following again notifies
 * (and pushes) nothing the second time. New followers fold into one unread notification naming the newest.
 */
export async function notifyFollow(
  db: Executor,
  event: { followerId: string; followedId: string },
): Promise<NotificationRow[]> {
  if (event.followerId === event.followedId) return [];
  const counted = await repo.countActor(db, {
    recipientId: event.followedId,
    target: FOLLOW_GROUP,
    actorId: event.followerId,
  });
  if (!counted) return [];
  const senderName = await actorName(db, event.followerId);
  return [
    await repo.insertNotification(db, {
      recipientId: event.followedId,
      type: 'follow',
      actorId: event.followerId,
      senderName,
      message: followText(senderName, 1),
      content: null,
      postId: null,
      groupKey: FOLLOW_GROUP,
    }),
  ];
}

export async function notifyTrending(
  db: Executor,
  event: { postId: number; postAuthorId: string; content: string },
): Promise<NotificationRow[]> {
  if (await repo.hasNotification(db, event.postAuthorId, 'trending', event.postId)) return [];
  return [
    await repo.insertNotification(db, {
      recipientId: event.postAuthorId,
      type: 'trending',
      actorId: null,
      senderName: PRODUCT_NAME,
      message: serverMsg.notification.trending,
      content: excerpt(event.content),
      postId: event.postId,
    }),
  ];
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

/**
 * Pushes freshly committed notifications and each recipient's new unread count. Never rejects: the
 * notifications are already saved, and a push that fails is caught up by the client's next fetch.
 */
export async function deliverNotifications(ctx: AppContext, rows: NotificationRow[]) {
  const recipients = new Set<string>();
  try {
    for (const row of rows) {
      ctx.realtime.emitToUser(row.recipientId, REALTIME_EVENTS.receiveNotification, toNotification(row));
      recipients.add(row.recipientId);
    }
  } catch (error) {
    ctx.logger.warn({ err: error }, 'could not push a notification');
  }
  for (const userId of recipients) await pushUnreadCount(ctx, userId);
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

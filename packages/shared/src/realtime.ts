import { z } from 'zod';

export const NOTIFICATION_TYPES = [
  'comment',
  'reply',
  'mention',
  'like',
  'upvote',
  'follow',
  'trending',
  'other',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/**
 * What a notification is about, as the server stores it: its Arabic text is written from this, the count of
 * people and who acted when they may be named. The specification's `type` follows from the kind.
 */
export const NOTIFICATION_KINDS = [
  'like',
  'rating',
  'poll',
  'comment',
  'reply',
  'mention',
  'follow',
  'trending',
  'poll-closed',
  'warning',
  'suspended',
  'suspension-lifted',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_KIND_TYPES = {
  like: 'like',
  rating: 'upvote',
  poll: 'upvote',
  comment: 'comment',
  reply: 'reply',
  mention: 'mention',
  follow: 'follow',
  trending: 'trending',
  'poll-closed': 'other',
  warning: 'other',
  suspended: 'other',
  'suspension-lifted': 'other',
} as const satisfies Record<NotificationKind, NotificationType>;

export const notificationSchema = z.object({
  id: z.number().int(),
  type: z.enum(NOTIFICATION_TYPES),
  /** Who acted, 'مجهول' for anonymous actors, or the product name for grouped votes (voters are never named). */
  senderName: z.string(),
  message: z.string(),
  content: z.string().nullable(),
  postId: z.number().int().nullable(),
  isRead: z.boolean(),
  /** How many actions a grouped notification stands for. */
  count: z.number().int(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const unreadCountSchema = z.object({ count: z.number().int().min(0) });

/** Server-to-client events of the hub at REALTIME_PATH (spec section 7). */
export const REALTIME_EVENTS = {
  receiveNotification: 'ReceiveNotification',
  unreadCountChanged: 'UnreadCountChanged',
} as const;

export interface ServerToClientEvents {
  ReceiveNotification: (notification: Notification) => void;
  UnreadCountChanged: (count: number) => void;
}

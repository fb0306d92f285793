import { z } from 'zod';

export const NOTIFICATION_TYPES = [
  'comment',
  'reply',
  'like',
  'upvote',
  'follow',
  'trending',
  'other',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

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

import { NOTIFICATION_KIND_TYPES, type Notification } from '@ray/shared/realtime';
import { displayName } from '../users/users.mapper';
import { messageOf, senderOf } from './notification-text';
import type { NotificationView } from './notifications.repository';

/**
 * A stored notification as the API and the socket event carry it: its `type` follows from its kind, and its
 * sender and text are written here from the stored facts (notification-text.ts).
 */
export function toNotification(view: NotificationView): Notification {
  const facts = {
    kind: view.kind,
    count: view.count,
    actorName: view.actor ? displayName(view.actor) : null,
    details: view.details,
    people: view.people && { names: view.people.newest.map(displayName), total: view.people.total },
  };
  return {
    id: view.id,
    type: NOTIFICATION_KIND_TYPES[view.kind],
    senderName: senderOf(facts),
    message: messageOf(facts),
    content: view.content,
    postId: view.postId,
    isRead: view.isRead,
    count: view.count,
    createdAt: view.updatedAt.toISOString(),
  };
}

/** Unread-count rules of spec section 4, applied to the cached count before the server confirms it. */

export function afterMarkRead(count: number | null | undefined): number {
  return Math.max(0, (count ?? 0) - 1);
}

export function afterMarkAllRead(): number {
  return 0;
}

export function afterPushed(count: number | null | undefined): number {
  return (count ?? 0) + 1;
}

export type NotificationFilter = 'all' | 'unread' | 'read';

export function filterNotifications<T extends { isRead: boolean }>(
  list: T[],
  filter: NotificationFilter,
): T[] {
  if (filter === 'unread') return list.filter((n) => !n.isRead);
  if (filter === 'read') return list.filter((n) => n.isRead);
  return list;
}

import { describe, expect, it } from 'vitest';
import { afterMarkAllRead, afterMarkRead, afterPushed, filterNotifications } from './count-rules';

describe('unread count rules', () => {
  it('decrements on mark-read but never below zero', () => {
    expect(afterMarkRead(3)).toBe(2);
    expect(afterMarkRead(0)).toBe(0);
    expect(afterMarkRead(null)).toBe(0);
  });

  it('resets to zero on mark-all and adds one per pushed notification', () => {
    expect(afterMarkAllRead()).toBe(0);
    expect(afterPushed(9)).toBe(10);
    expect(afterPushed(undefined)).toBe(1);
  });

  it('filters by read state', () => {
    const list = [
      { id: 1, isRead: false },
      { id: 2, isRead: true },
    ];
    expect(filterNotifications(list, 'unread').map((n) => n.id)).toEqual([1]);
    expect(filterNotifications(list, 'read').map((n) => n.id)).toEqual([2]);
    expect(filterNotifications(list, 'all')).toHaveLength(2);
  });
});

import { describe, expect, it } from 'vitest';
import { unreadBadgeText } from './unread-badge';

describe('unreadBadgeText', () => {
  it('shows no badge without unread notifications or when the count is unknown', () => {
    expect(unreadBadgeText(0)).toBeNull();
    expect(unreadBadgeText(-3)).toBeNull();
    expect(unreadBadgeText(undefined)).toBeNull();
    expect(unreadBadgeText(null)).toBeNull();
    expect(unreadBadgeText(Number.NaN)).toBeNull();
  });

  it('shows the number from 1 to 9', () => {
    expect(unreadBadgeText(1)).toBe('1');
    expect(unreadBadgeText(9)).toBe('9');
  });

  it('shows 9+ above 9', () => {
    expect(unreadBadgeText(10)).toBe('9+');
    expect(unreadBadgeText(250)).toBe('9+');
  });
});

import { UNREAD_BADGE_MAX } from '@ray/shared/constants';

/** Text of the bell's badge: nothing for zero or an unknown count, the number up to 9, then '9+'. */
export function unreadBadgeText(count: number | null | undefined): string | null {
  if (typeof count !== 'number' || !Number.isFinite(count) || count <= 0) return null;
  const whole = Math.floor(count);
  if (whole <= 0) return null;
  return whole > UNREAD_BADGE_MAX ? `${UNREAD_BADGE_MAX}+` : String(whole);
}

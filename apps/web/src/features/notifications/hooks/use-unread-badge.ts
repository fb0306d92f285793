import { useQuery } from '@tanstack/react-query';
import { useAuthStore } from '@/lib/auth-store';
import { unreadCountQueryOptions } from '../api/get-unread-count';
import { unreadBadgeText } from '../utils/unread-badge';

/**
 * The unread badge's text for the header's bell and the phone's tab bar: one query, so both show the same count
 * and the real-time stream's updates reach both. Visitors have no notifications and ask for none.
 */
export function useUnreadBadge(): string | null {
  const signedIn = useAuthStore((state) => state.isAuthenticated);
  // Wait for the start-up session check, so a stale token is not sent before it has been renewed.
  const sessionChecked = useAuthStore((state) => !state.isLoading);
  const { data } = useQuery({ ...unreadCountQueryOptions(), enabled: signedIn && sessionChecked });
  return unreadBadgeText(data);
}

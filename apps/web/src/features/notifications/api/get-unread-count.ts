import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const notificationKeys = {
  all: ['notifications'] as const,
  unreadCount: () => [...notificationKeys.all, 'unread-count'] as const,
};

/** The server may answer a bare number or `{ count }`; anything else counts as unknown. */
function readCount(answer: unknown): number | null {
  if (typeof answer === 'number') return answer;
  if (typeof answer === 'object' && answer !== null) {
    const value =
      (answer as Record<string, unknown>).count ?? (answer as Record<string, unknown>).unreadCount;
    if (typeof value === 'number') return value;
  }
  return null;
}

export async function getUnreadCount(signal?: AbortSignal): Promise<number | null> {
  return readCount(await api.get<unknown>('/api/notifications/user/unread-count', signal ? { signal } : {}));
}

export const unreadCountQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.unreadCount(),
    queryFn: ({ signal }) => getUnreadCount(signal),
    // A failing count just hides the badge; it is not worth a retry or an error message.
    retry: false,
  });

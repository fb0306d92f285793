import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { NOTIFICATIONS_PAGE_LIMIT, NOTIFICATIONS_REFRESH_MS } from '@ray/shared/constants';
import type { Notification } from '@ray/shared/realtime';
import { api } from '@/lib/api-client';
import { notificationKeys } from './get-unread-count';
import { afterMarkAllRead, afterMarkRead } from '../utils/count-rules';

export const notificationListKey = (limit: number) => [...notificationKeys.all, 'list', limit] as const;

export function getNotifications(limit: number, signal?: AbortSignal): Promise<Notification[]> {
  return api.get<Notification[]>('/api/notifications/user', {
    query: { limit },
    ...(signal ? { signal } : {}),
  });
}

/** The list the notifications page shows (50), refreshed every 30 seconds. */
export const notificationsQueryOptions = (limit = NOTIFICATIONS_PAGE_LIMIT) =>
  queryOptions({
    queryKey: notificationListKey(limit),
    queryFn: ({ signal }) => getNotifications(limit, signal),
    refetchInterval: NOTIFICATIONS_REFRESH_MS,
    staleTime: 0,
  });

export function useNotifications(enabled: boolean) {
  return useQuery({ ...notificationsQueryOptions(), enabled });
}

function updateLists(
  queryClient: ReturnType<typeof useQueryClient>,
  update: (list: Notification[]) => Notification[],
) {
  queryClient.setQueriesData<Notification[]>({ queryKey: [...notificationKeys.all, 'list'] }, (list) =>
    list ? update(list) : list,
  );
}

/** Marks one read at once in the cache (rolled back if the server refuses); false failures stay silent. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.put<{ success: boolean }>(`/api/notifications/${id}/read`),
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.all });
      const lists = queryClient.getQueriesData<Notification[]>({
        queryKey: [...notificationKeys.all, 'list'],
      });
      const count = queryClient.getQueryData<number | null>(notificationKeys.unreadCount());
      const wasUnread = lists.some(([, list]) => list?.some((n) => n.id === id && !n.isRead));
      updateLists(queryClient, (list) => list.map((n) => (n.id === id ? { ...n, isRead: true } : n)));
      if (wasUnread) queryClient.setQueryData(notificationKeys.unreadCount(), afterMarkRead(count));
      return { lists, count };
    },
    onError: (_error, _id, context) => {
      for (const [key, list] of context?.lists ?? []) queryClient.setQueryData(key, list);
      queryClient.setQueryData(notificationKeys.unreadCount(), context?.count ?? null);
    },
  });
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.put<{ success: boolean }>('/api/notifications/user/read-all'),
    onSuccess: () => {
      updateLists(queryClient, (list) => list.map((n) => ({ ...n, isRead: true })));
      queryClient.setQueryData(notificationKeys.unreadCount(), afterMarkAllRead());
    },
  });
}

/** A pushed notification goes on top of every cached list (replacing an older copy of a grouped one). */
export function prependNotification(
  queryClient: ReturnType<typeof useQueryClient>,
  notification: Notification,
) {
  updateLists(queryClient, (list) => [notification, ...list.filter((n) => n.id !== notification.id)]);
}

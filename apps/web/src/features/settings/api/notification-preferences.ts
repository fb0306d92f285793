import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  NotificationPreferences,
  NotificationPreferencesUpdate,
} from '@ray/shared/schemas/notification-preferences';
import { api } from '@/lib/api-client';

/** Every key of the notification preferences starts here, so one invalidation reaches them all. */
export const notificationPreferenceKeys = {
  all: ['notification-preferences'] as const,
};

/** `GET /api/notifications/preferences`: every kind, defaults filled in. */
export function getNotificationPreferences(signal?: AbortSignal) {
  return api.get<NotificationPreferences>('/api/notifications/preferences', signal ? { signal } : {});
}

export const notificationPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: notificationPreferenceKeys.all,
    queryFn: ({ signal }) => getNotificationPreferences(signal),
  });

export function useNotificationPreferences() {
  return useQuery(notificationPreferencesQueryOptions());
}

/** `PUT /api/notifications/preferences` with only what changed. */
export function updateNotificationPreferences(change: NotificationPreferencesUpdate) {
  return api.put<NotificationPreferences>('/api/notifications/preferences', change);
}

/** What a change makes of the shown state, before the server has answered. */
export function applyChange(
  current: NotificationPreferences,
  change: NotificationPreferencesUpdate,
): NotificationPreferences {
  return {
    kinds: { ...current.kinds, ...change.kinds },
    quietHours: change.quietHours === undefined ? current.quietHours : change.quietHours,
    digest: change.digest ?? current.digest,
    timeZone: change.timeZone ?? current.timeZone,
  };
}

/** Every save in flight carries this key, so the section can tell when the last one has answered. */
export const saveNotificationPreferencesKey = [...notificationPreferenceKeys.all, 'save'] as const;

/**
 * Saves one change as soon as it is made: the switch moves at once and moves back if the server refuses. Changes
 * made in quick succession each send only their own part; the state is read again once the last has answered,
 * so an early answer arriving late never undoes a later change.
 */
export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: saveNotificationPreferencesKey,
    mutationFn: updateNotificationPreferences,
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: notificationPreferenceKeys.all });
      const previous = queryClient.getQueryData<NotificationPreferences>(notificationPreferenceKeys.all);
      if (previous) queryClient.setQueryData(notificationPreferenceKeys.all, applyChange(previous, change));
      return { previous };
    },
    onError: (_error, _change, context) => {
      if (context?.previous) queryClient.setQueryData(notificationPreferenceKeys.all, context.previous);
      // Another change may have been saved meanwhile: what the server holds is read again.
      void queryClient.invalidateQueries({ queryKey: notificationPreferenceKeys.all });
    },
    onSuccess: (saved) => {
      if (queryClient.isMutating({ mutationKey: saveNotificationPreferencesKey }) === 1)
        queryClient.setQueryData(notificationPreferenceKeys.all, saved);
    },
  });
}

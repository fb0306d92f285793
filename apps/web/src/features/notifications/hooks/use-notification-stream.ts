import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isolate } from '@ray/shared/bidi';
import { toast } from '@/lib/toast';
import { create } from 'zustand';
import { useAuthStore } from '@/lib/auth-store';
import { canConnect, NotificationConnection, type ConnectionState } from '@/lib/realtime-connection';
import type { RealtimeFailure } from '@/lib/realtime-errors';
import { reloadCurrentUser } from '@/lib/session';
import { notificationKeys } from '../api/get-unread-count';
import { prependNotification } from '../api/notifications';
import { afterPushed } from '../utils/count-rules';

/** The connection's state, and the last failure while it is not connected (shown quietly, never as a toast). */
export const useConnectionState = create<{
  state: ConnectionState;
  failure: RealtimeFailure | null;
  set: (state: ConnectionState) => void;
  setFailure: (failure: RealtimeFailure | null) => void;
}>()((set) => ({
  state: 'Disconnected',
  failure: null,
  set: (state) => {
    set({ state });
  },
  setFailure: (failure) => {
    set({ failure });
  },
}));

/**
 * Keeps the real-time connection open while the user is signed in with a usable token (spec section 4) and
 * lands its events in the query cache: pushed notifications on top of the lists, the unread count on the bell.
 * After every (re)connection the list and the count are fetched again, so nothing created meanwhile is missed.
 */
export function useNotificationStream() {
  const queryClient = useQueryClient();
  const token = useAuthStore((state) => (state.isAuthenticated ? state.token : null));
  const setState = useConnectionState((state) => state.set);
  const setFailure = useConnectionState((state) => state.setFailure);
  const connectable = canConnect(token);

  useEffect(() => {
    if (!connectable) return;
    const connection = new NotificationConnection({
      onState: setState,
      onFailure: setFailure,
      onConnected: () => {
        void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
      },
      onNotification: (notification) => {
        prependNotification(queryClient, notification);
        queryClient.setQueryData<number | null>(notificationKeys.unreadCount(), (count) =>
          afterPushed(count),
        );
        // The excerpt is what someone wrote, maybe in English: isolated, it keeps its own direction.
        toast(notification.message, {
          description: notification.content ? isolate(notification.content) : undefined,
        });
        // The moderation team's notices ('other') may suspend the account or lift a suspension.
        if (notification.type === 'other') reloadCurrentUser();
      },
      onUnreadCount: (count) => {
        queryClient.setQueryData(notificationKeys.unreadCount(), count);
      },
    });
    connection.start();
    return () => {
      connection.stop();
      setFailure(null);
    };
  }, [connectable, queryClient, setState, setFailure]);
}

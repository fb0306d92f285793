import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ActiveSessionList, EndedSessions } from '@ray/shared/schemas/session';
import { identityApi } from '@/lib/api-client';
import { sessionKeys } from './get-sessions';

export function endSession(sessionId: string): Promise<EndedSessions> {
  return identityApi.delete<EndedSessions>(`/api/account/sessions/${encodeURIComponent(sessionId)}`, {
    auth: true,
  });
}

/** Ends one session; the row leaves the list at once and comes back if the server refuses. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    onMutate: async (sessionId) => {
      await queryClient.cancelQueries({ queryKey: sessionKeys.all });
      const previous = queryClient.getQueryData<ActiveSessionList>(sessionKeys.all);
      if (previous)
        queryClient.setQueryData<ActiveSessionList>(sessionKeys.all, {
          items: previous.items.filter((item) => item.id !== sessionId),
        });
      return { previous };
    },
    onError: (_error, _sessionId, context) => {
      if (context?.previous) queryClient.setQueryData(sessionKeys.all, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}

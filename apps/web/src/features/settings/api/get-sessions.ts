import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ActiveSessionList } from '@ray/shared/schemas/session';
import { identityApi } from '@/lib/api-client';

/** Every key of the session list starts here, so one invalidation reaches them all. */
export const sessionKeys = {
  all: ['account-sessions'] as const,
};

export function getSessions(options: { signal?: AbortSignal } = {}): Promise<ActiveSessionList> {
  return identityApi.get<ActiveSessionList>('/api/account/sessions', { ...options, auth: true });
}

export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: sessionKeys.all,
    queryFn: ({ signal }) => getSessions({ signal }),
    // Another device may sign in or out at any moment: the list is read again whenever it is shown.
    staleTime: 0,
  });

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}

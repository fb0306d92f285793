import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EndedSessions } from '@ray/shared/schemas/session';
import { identityApi } from '@/lib/api-client';
import { sessionKeys } from './get-sessions';

export function signOutOtherSessions(): Promise<EndedSessions> {
  return identityApi.post<EndedSessions>('/api/account/sessions/sign-out-others', undefined, { auth: true });
}

export function useSignOutOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}

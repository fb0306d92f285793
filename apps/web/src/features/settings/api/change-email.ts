import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangeEmailPayload, MessageResponse } from '@ray/shared/schemas/auth';
import type { CurrentUser } from '@ray/shared/schemas/user';
import { identityApi } from '@/lib/api-client';
import { useAuthStore } from '@/lib/auth-store';
import { currentUserKeys } from './get-current-user';

export type ChangeEmailResponse = MessageResponse & { user: CurrentUser };

export function changeEmail(payload: ChangeEmailPayload): Promise<ChangeEmailResponse> {
  return identityApi.post<ChangeEmailResponse>('/api/account/change-email', payload, { auth: true });
}

export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeEmail,
    onSuccess: ({ user }) => {
      useAuthStore.getState().setUser(user);
      queryClient.setQueryData(currentUserKeys.all, user);
    },
  });
}

import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordPayload, MessageResponse } from '@ray/shared/schemas/auth';
import { identityApi } from '@/lib/api-client';

export function changePassword(payload: ChangePasswordPayload): Promise<MessageResponse> {
  return identityApi.post<MessageResponse>('/api/account/change-password', payload, { auth: true });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}

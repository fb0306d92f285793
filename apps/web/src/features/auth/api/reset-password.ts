import { useMutation } from '@tanstack/react-query';
import type { MessageResponse, ResetPasswordPayload } from '@ray/shared/schemas/auth';
import { identityApi } from '@/lib/api-client';

export function resetPassword(payload: ResetPasswordPayload): Promise<MessageResponse> {
  return identityApi.post<MessageResponse>('/api/account/reset-password', payload);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}

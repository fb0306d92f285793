import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordPayload, MessageResponse } from '@ray/shared/schemas/auth';
import { identityApi } from '@/lib/api-client';

export function requestPasswordReset(payload: ForgotPasswordPayload): Promise<MessageResponse> {
  return identityApi.post<MessageResponse>('/api/account/forgot-password', payload);
}

export function useForgotPassword() {
  return useMutation({ mutationFn: requestPasswordReset });
}

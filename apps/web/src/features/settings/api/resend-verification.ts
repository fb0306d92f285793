import { useMutation } from '@tanstack/react-query';
import type { MessageResponse } from '@ray/shared/schemas/auth';
import { identityApi } from '@/lib/api-client';

export function resendVerification(): Promise<MessageResponse> {
  return identityApi.post<MessageResponse>('/api/account/verify-email/resend', undefined, { auth: true });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}

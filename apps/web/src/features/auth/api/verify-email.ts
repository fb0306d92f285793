import { useMutation } from '@tanstack/react-query';
import type { MessageResponse, VerifyEmailPayload } from '@ray/shared/schemas/auth';
import { identityApi } from '@/lib/api-client';

export type VerifyEmailResponse = MessageResponse & { userId: string };

export function verifyEmail(payload: VerifyEmailPayload): Promise<VerifyEmailResponse> {
  return identityApi.post<VerifyEmailResponse>('/api/account/verify-email', payload);
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}

import { useMutation } from '@tanstack/react-query';
import type { DeleteAccountPayload } from '@ray/shared/schemas/account-data';
import type { MessageResponse } from '@ray/shared/schemas/auth';
import { apiRequest } from '@/lib/api-client';

export function deleteAccount(payload: DeleteAccountPayload): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('/api/account', {
    service: 'identity',
    method: 'DELETE',
    body: payload,
    auth: true,
  });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}

import type { ContactMessagePayload, ContactSent } from '@ray/shared/schemas/contact';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { contactKeys } from './contact-keys';

/**
 * `POST /api/contact`. The spec's body also names `userId`; it is not sent, since the server takes the sender
 * from the access token that the client attaches when there is one.
 */
export function sendContactMessage(payload: ContactMessagePayload): Promise<ContactSent> {
  return api.post<ContactSent>('/api/contact', payload);
}

export function useSendContactMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendContactMessage,
    // An admin writing to support from the same browser sees the new message in the inbox.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactKeys.lists() }),
  });
}

import type { ContactMessage } from '@ray/shared/schemas/contact';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { contactKeys } from './contact-keys';
import { markReadInLists, restoreLists } from './inbox-cache';

/** `POST /api/admin/contact-messages/{id}/read`; admins only. */
export function markContactMessageRead(id: number): Promise<ContactMessage> {
  return api.post<ContactMessage>(`/api/admin/contact-messages/${id}/read`);
}

/** Shows the message as read at once in every loaded list, and puts the lists back if the server refuses. */
export function useMarkContactMessageRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markContactMessageRead,
    onMutate: async (id: number) => {
      await queryClient.cancelQueries({ queryKey: contactKeys.lists() });
      return { previous: markReadInLists(queryClient, id) };
    },
    onError: (_error, _id, context) => {
      if (context) restoreLists(queryClient, context.previous);
    },
  });
}

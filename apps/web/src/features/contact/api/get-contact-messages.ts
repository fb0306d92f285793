import { CONTACT_MESSAGES_PAGE_SIZE } from '@ray/shared/constants';
import type { Paged } from '@ray/shared/schemas/common';
import type { ContactMessage } from '@ray/shared/schemas/contact';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { contactKeys } from './contact-keys';

/** One page of the contact inbox (`GET /api/admin/contact-messages`), newest first; admins only. */
export function getContactMessagesPage(
  filter: { unread: boolean },
  cursor: string | null,
  signal?: AbortSignal,
): Promise<Paged<ContactMessage>> {
  return api.get<Paged<ContactMessage>>('/api/admin/contact-messages', {
    query: { unread: filter.unread ? 'true' : undefined, cursor, pageSize: CONTACT_MESSAGES_PAGE_SIZE },
    ...(signal ? { signal } : {}),
  });
}

export const contactMessagesInfiniteQueryOptions = (filter: { unread: boolean }) =>
  infiniteQueryOptions({
    queryKey: contactKeys.list(filter),
    queryFn: ({ pageParam, signal }) => getContactMessagesPage(filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page: Paged<ContactMessage>) =>
      page.pagination.hasNextPage && page.pagination.nextCursor ? page.pagination.nextCursor : undefined,
    staleTime: 0,
  });

export function useContactMessages(filter: { unread: boolean }) {
  return useInfiniteQuery(contactMessagesInfiniteQueryOptions(filter));
}

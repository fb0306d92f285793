import type { Paged } from '@ray/shared/schemas/common';
import type { ContactMessage } from '@ray/shared/schemas/contact';
import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import { contactKeys } from './contact-keys';

export type InboxPages = InfiniteData<Paged<ContactMessage>, string | null>;
export type InboxSnapshot = [QueryKey, InboxPages | undefined][];

/** The pages with the message shown as read; an unread-only list also counts one fewer. */
export function withRead(
  data: InboxPages | undefined,
  id: number,
  unreadList: boolean,
): InboxPages | undefined {
  if (!data) return data;
  const wasUnread = data.pages.some((page) => page.items.some((item) => item.id === id && !item.isRead));
  const fewer = unreadList && wasUnread ? 1 : 0;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      items: page.items.map((item) => (item.id === id ? { ...item, isRead: true } : item)),
      pagination: { ...page.pagination, totalCount: Math.max(0, page.pagination.totalCount - fewer) },
    })),
  };
}

/**
 * Marks the message read in every cached inbox list and returns what they held before, to restore on failure.
 * The unread list keeps the message until its next refetch, so it does not jump away under the pointer.
 */
export function markReadInLists(queryClient: QueryClient, id: number): InboxSnapshot {
  const previous = queryClient.getQueriesData<InboxPages>({ queryKey: contactKeys.lists() });
  for (const [key, data] of previous) {
    const filter = key[2] as { unread?: boolean } | undefined;
    queryClient.setQueryData<InboxPages>(key, withRead(data, id, filter?.unread === true));
  }
  return previous;
}

export function restoreLists(queryClient: QueryClient, snapshot: InboxSnapshot): void {
  for (const [key, data] of snapshot) queryClient.setQueryData(key, data);
}

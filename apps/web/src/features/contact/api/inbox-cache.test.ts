import type { ContactMessage } from '@ray/shared/schemas/contact';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { contactKeys } from './contact-keys';
import { markReadInLists, restoreLists, withRead, type InboxPages } from './inbox-cache';

function message(id: number, isRead = false): ContactMessage {
  return {
    id,
    name: 'سارة',
    email: 'sara@example.com',
    subject: `رسالة ${id}`,
    message: 'نص الرسالة للتجربة',
    category: 'general',
    userId: null,
    isRead,
    createdAt: '2025-01-01T00:00:00.000Z',
  };
}

function pages(items: ContactMessage[][], totalCount: number): InboxPages {
  return {
    pageParams: items.map((_, index) => (index === 0 ? null : `c${index}`)),
    pages: items.map((pageItems, index) => ({
      items: pageItems,
      pagination: {
        page: 0,
        pageSize: 2,
        hasNextPage: index < items.length - 1,
        totalCount,
        nextCursor: index < items.length - 1 ? `c${index + 1}` : null,
      },
    })),
  };
}

describe('withRead', () => {
  it('marks the message read on whatever page it is, leaving the others alone', () => {
    const next = withRead(pages([[message(5), message(4)], [message(3)]], 3), 3, false);
    expect(next?.pages.flatMap((page) => page.items.map((item) => [item.id, item.isRead]))).toEqual([
      [5, false],
      [4, false],
      [3, true],
    ]);
    expect(next?.pages[0]?.pagination.totalCount).toBe(3);
  });

  it('counts one fewer in the unread list, once, and not for a message already read', () => {
    const unread = pages([[message(5), message(4)]], 2);
    const once = withRead(unread, 4, true);
    expect(once?.pages[0]?.pagination.totalCount).toBe(1);
    expect(withRead(once, 4, true)?.pages[0]?.pagination.totalCount).toBe(1);
    expect(withRead(pages([[message(5, true)]], 1), 5, true)?.pages[0]?.pagination.totalCount).toBe(1);
  });

  it('leaves an empty cache empty', () => {
    expect(withRead(undefined, 1, false)).toBeUndefined();
  });
});

describe('markReadInLists and restoreLists', () => {
  it('updates both cached lists and puts them back on failure', () => {
    const client = new QueryClient();
    const all = pages([[message(2), message(1, true)]], 2);
    const unread = pages([[message(2)]], 1);
    client.setQueryData(contactKeys.list({ unread: false }), all);
    client.setQueryData(contactKeys.list({ unread: true }), unread);

    const snapshot = markReadInLists(client, 2);
    const read = (unreadOnly: boolean) =>
      client.getQueryData<InboxPages>(contactKeys.list({ unread: unreadOnly }));
    expect(read(false)?.pages[0]?.items[0]?.isRead).toBe(true);
    expect(read(false)?.pages[0]?.pagination.totalCount).toBe(2);
    expect(read(true)?.pages[0]?.items[0]?.isRead).toBe(true);
    expect(read(true)?.pages[0]?.pagination.totalCount).toBe(0);

    restoreLists(client, snapshot);
    expect(read(false)).toEqual(all);
    expect(read(true)).toEqual(unread);
  });
});

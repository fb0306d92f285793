import { PAGE_SIZE } from '@ray/shared/constants';
import type { Paged } from '@ray/shared/schemas/common';
import type { Post } from '@ray/shared/schemas/post';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { bookmarkKeys } from './bookmark-keys';

/** One page of `GET /api/bookmarks`, most recently saved first. */
export function getBookmarksPage(cursor: string | null, signal?: AbortSignal): Promise<Paged<Post>> {
  return api.get<Paged<Post>>('/api/bookmarks', {
    query: { cursor, pageSize: PAGE_SIZE },
    ...(signal ? { signal } : {}),
  });
}

export const bookmarksInfiniteQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: bookmarkKeys.list(),
    queryFn: ({ pageParam, signal }) => getBookmarksPage(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page: Paged<Post>) =>
      page.pagination.hasNextPage && page.pagination.nextCursor ? page.pagination.nextCursor : undefined,
  });

export function useBookmarks() {
  return useInfiniteQuery(bookmarksInfiniteQueryOptions());
}

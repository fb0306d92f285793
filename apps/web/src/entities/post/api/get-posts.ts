import { PAGE_SIZE } from '@ray/shared/constants';
import type { Paged } from '@ray/shared/schemas/common';
import type { Post } from '@ray/shared/schemas/post';
import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useQueryClient,
  type InfiniteData,
  type QueryKey,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '@/lib/api-client';
import { postKeys, type PostListParams } from './post-keys';

/** One page of `GET /api/posts/paginated`; `cursor` is the previous page's `pagination.nextCursor`. */
export function getPostsPage(
  params: PostListParams,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<Paged<Post>> {
  return api.get<Paged<Post>>('/api/posts/paginated', {
    query: {
      pageSize: params.pageSize ?? PAGE_SIZE,
      pageType: params.pageType ?? 'All',
      userId: params.userId,
      hashtag: params.hashtag,
      cursor,
    },
    ...(signal ? { signal } : {}),
  });
}

/** Next cursor of a paged answer, or undefined at the end (TanStack's "no next page"). */
export function nextCursorOf(page: Paged<unknown>): string | undefined {
  return page.pagination.hasNextPage && page.pagination.nextCursor ? page.pagination.nextCursor : undefined;
}

export const postsInfiniteQueryOptions = (params: PostListParams) =>
  infiniteQueryOptions({
    queryKey: postKeys.list(params),
    queryFn: ({ pageParam, signal }) => getPostsPage(params, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: nextCursorOf,
  });

/**
 * An infinite list of posts, newest first: the latest feed (`{}`), the signed-in user's posts
 * (`{ pageType: 'MyPosts' }`), their bookmarks, one author's or one hashtag's posts. Render it with `<PostFeed>`.
 */
export function usePostsFeed(params: PostListParams = {}, options: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...postsInfiniteQueryOptions(params), enabled: options.enabled ?? true });
}

/** Posts of every loaded page, each once (a post published meanwhile may also arrive on a later page). */
export function flattenPages(data: InfiniteData<Paged<Post>> | undefined): Post[] {
  if (!data) return [];
  const seen = new Set<number>();
  const posts: Post[] = [];
  for (const page of data.pages) {
    for (const post of page.items) {
      if (seen.has(post.id)) continue;
      seen.add(post.id);
      posts.push(post);
    }
  }
  return posts;
}

/**
 * Refresh of an infinite list: keep only the first page and fetch it again, rather than refetching every page
 * scrolled through so far one after the other.
 */
export function useRefreshList(queryKey: QueryKey) {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    queryClient.setQueryData<InfiniteData<unknown>>(queryKey, (data) =>
      data && data.pages.length > 1
        ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) }
        : data,
    );
    await queryClient.refetchQueries({ queryKey, exact: true });
    return queryClient.getQueryState(queryKey)?.status !== 'error';
  }, [queryClient, queryKey]);
}

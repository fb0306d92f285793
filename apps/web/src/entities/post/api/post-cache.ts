import { hashtagKey } from '@ray/shared/hashtags';
import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import type { Paged } from '@ray/shared/schemas/common';
import type { Post } from '@ray/shared/schemas/post';
import { postKeys } from './post-keys';

/*
 * Writes one post's change into every cached copy (feeds, profile and hashtag lists, search, the detail page)
 * instead of refetching them. The updaters accept any of the three shapes posts are cached in and leave other
 * data alone, so a query under the posts root holding something else is never damaged.
 */

export type PostPages = InfiniteData<Paged<Post>>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

function isPost(value: unknown): value is Post {
  return isRecord(value) && typeof value.id === 'number' && isRecord(value.votingStatistics);
}

function isPaged(value: unknown): value is Paged<Post> {
  return isRecord(value) && Array.isArray(value.items) && isRecord(value.pagination);
}

function isPages(value: unknown): value is PostPages {
  return isRecord(value) && Array.isArray(value.pages) && Array.isArray(value.pageParams);
}

/** Returns the post to keep (the same object when unchanged), or null to drop it from lists. */
export type PostUpdate = (post: Post) => Post | null;

function updateItems(items: Post[], update: PostUpdate): { items: Post[]; removed: number } {
  let changed = false;
  let removed = 0;
  const next: Post[] = [];
  for (const item of items) {
    const updated = isPost(item) ? update(item) : item;
    if (updated === null) {
      removed += 1;
      changed = true;
    } else {
      if (updated !== item) changed = true;
      next.push(updated);
    }
  }
  return { items: changed ? next : items, removed };
}

const withTotal = (page: Paged<Post>, delta: number): Paged<Post> =>
  delta === 0
    ? page
    : {
        ...page,
        pagination: { ...page.pagination, totalCount: Math.max(0, page.pagination.totalCount + delta) },
      };

/** Applies `update` to every post in cached data of any shape; the same reference comes back when nothing changed. */
export function updatePostsInData<T>(data: T, update: PostUpdate): T {
  if (isPages(data)) {
    let changed = false;
    let removed = 0;
    const pages: unknown[] = [];
    for (const page of data.pages as unknown[]) {
      if (!isPaged(page)) {
        pages.push(page);
        continue;
      }
      const result = updateItems(page.items, update);
      removed += result.removed;
      if (result.items !== page.items) changed = true;
      pages.push(result.items === page.items ? page : { ...page, items: result.items });
    }
    if (!changed) return data;
    return { ...data, pages: pages.map((page) => (isPaged(page) ? withTotal(page, -removed) : page)) };
  }
  if (isPaged(data)) {
    const result = updateItems(data.items, update);
    return result.items === data.items
      ? data
      : (withTotal({ ...data, items: result.items }, -result.removed) as T);
  }
  // A detail entry is never dropped here: its page decides what to show once the post is gone.
  if (isPost(data)) return (update(data) ?? data) as T;
  return data;
}

/** Puts `post` first in infinite pages, once, counting it in the total. */
export function prependToPages(data: PostPages, post: Post): PostPages {
  const [first, ...rest] = data.pages;
  if (
    !isPaged(first) ||
    data.pages.some((page) => isPaged(page) && page.items.some((item) => item.id === post.id))
  ) {
    return data;
  }
  return {
    ...data,
    pages: [
      withTotal({ ...first, items: [post, ...first.items] }, 1),
      ...rest.map((page) => withTotal(page, 1)),
    ],
  };
}

/** Whether a list made by `postKeys.list(params)` shows a post its viewer (`viewerId`) just published. */
export function listShowsNewPost(key: QueryKey, post: Post, viewerId: string | null): boolean {
  const params = key[2];
  if (key[0] !== postKeys.all[0] || key[1] !== 'list' || !isRecord(params)) return false;
  if (params.pageType === 'MyPosts') return true;
  if (params.pageType !== 'All') return false;
  if (typeof params.hashtag === 'string') {
    const wanted = hashtagKey(params.hashtag);
    return post.hashtags.some((item) => hashtagKey(item.hashtag.name) === wanted);
  }
  if (typeof params.userId === 'string') return params.userId === viewerId;
  return true;
}

/** Sets data only when it changed, so untouched queries keep their freshness. */
function updateAll(queryClient: QueryClient, queryKey: QueryKey, update: PostUpdate): void {
  queryClient.setQueriesData<unknown>({ queryKey }, (data: unknown) => {
    if (data === undefined) return undefined;
    const next = updatePostsInData(data, update);
    return next === data ? undefined : next;
  });
}

/** Changes one post wherever it is cached. */
export function patchPost(
  queryClient: QueryClient,
  postId: number,
  patch: Partial<Post> | ((post: Post) => Post),
): void {
  updateAll(queryClient, postKeys.all, (post) =>
    post.id === postId ? (typeof patch === 'function' ? patch(post) : { ...post, ...patch }) : post,
  );
}

/** Drops a deleted post from every cached list. */
export function removePostFromLists(queryClient: QueryClient, postId: number): void {
  updateAll(queryClient, postKeys.lists(), (post) => (post.id === postId ? null : post));
}

/** The freshest cached copy of a post, if any query holds it. */
export function findCachedPost(queryClient: QueryClient, postId: number): Post | undefined {
  const detail = queryClient.getQueryData(postKeys.detail(postId));
  if (isPost(detail)) return detail;
  for (const [, data] of queryClient.getQueriesData({ queryKey: postKeys.lists() })) {
    const pages = isPages(data) ? data.pages : isPaged(data) ? [data] : [];
    for (const page of pages) {
      const found = isPaged(page) ? page.items.find((item) => item.id === postId) : undefined;
      if (found) return found;
    }
  }
  return undefined;
}

/** A post just published: its detail is known, and the lists it belongs to show it first. */
export function addNewPost(queryClient: QueryClient, post: Post, viewerId: string | null): void {
  queryClient.setQueryData(postKeys.detail(post.id), post);
  for (const [key, data] of queryClient.getQueriesData({ queryKey: postKeys.lists() })) {
    if (!isPages(data) || !listShowsNewPost(key, post, viewerId)) continue;
    queryClient.setQueryData(key, prependToPages(data, post));
  }
}

import type { PageType } from '@ray/shared/schemas/post';

export interface PostListParams {
  pageType?: PageType;
  /** One author's posts (their profile). */
  userId?: string;
  /** One hashtag's posts, as written or normalised. */
  hashtag?: string;
  pageSize?: number;
}

/**
 * Query keys of everything that holds posts. Every query whose data is a `Post`, a `Paged<Post>` or infinite
 * pages of them must live under `postKeys.all` (lists of other sources under `postKeys.lists()`), so that votes,
 * bookmarks, edits and deletions patch it in place (`post-cache.ts`) and invalidation works by prefix.
 */
export const postKeys = {
  all: ['posts'] as const,
  lists: () => [...postKeys.all, 'list'] as const,
  /** `GET /api/posts/paginated` with these parameters; the page type is always spelled out. */
  list: (params: PostListParams) =>
    [
      ...postKeys.lists(),
      {
        pageType: params.pageType ?? 'All',
        ...(params.userId ? { userId: params.userId } : {}),
        ...(params.hashtag ? { hashtag: params.hashtag } : {}),
        ...(params.pageSize ? { pageSize: params.pageSize } : {}),
      },
    ] as const,
  details: () => [...postKeys.all, 'detail'] as const,
  detail: (id: number) => [...postKeys.details(), id] as const,
};

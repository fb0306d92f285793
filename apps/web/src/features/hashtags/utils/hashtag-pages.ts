import { PAGE_SIZE } from '@ray/shared/constants';
import type { Paged } from '@ray/shared/schemas/common';
import { HASHTAG_POSTS_SORTS, type HashtagPostsSort } from '@ray/shared/schemas/hashtag';

/**
 * The hashtag page offers more only when the last page came back full (spec section 9: 10 or more items),
 * and then only if the server gave a cursor to continue from.
 */
export function hashtagNextCursor(last: Paged<unknown>, pageSize: number = PAGE_SIZE): string | undefined {
  if (last.items.length < pageSize) return undefined;
  return last.pagination.nextCursor ?? undefined;
}

/** The tag of a `/wasm/{name}` path: decoded, without a leading `#`, trimmed; '' when there is none. */
export function readHashtagParam(raw: string | undefined): string {
  if (!raw) return '';
  let value = raw;
  try {
    value = decodeURIComponent(raw);
  } catch {
    // A stray '%' is not an encoding: keep the text as written.
  }
  return value.trim().replace(/^#+/, '').trim();
}

/** The order of a hashtag page's `sortBy` parameter; anything unknown reads as newest first. */
export function readHashtagSort(raw: string | null): HashtagPostsSort {
  return raw !== null && (HASHTAG_POSTS_SORTS as readonly string[]).includes(raw)
    ? (raw as HashtagPostsSort)
    : 'recent';
}

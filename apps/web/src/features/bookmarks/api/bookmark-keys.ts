import { postKeys } from '@/entities/post/api/post-keys';

/**
 * The saved-posts list holds posts, so it lives under the posts lists (votes and edits patch it in place) and
 * carries `pageType: 'Bookmarks'`, which the bookmark toggle invalidates by prefix.
 */
export const bookmarkKeys = {
  all: [...postKeys.lists(), { pageType: 'Bookmarks', source: 'bookmarks' }] as const,
  list: () => bookmarkKeys.all,
};

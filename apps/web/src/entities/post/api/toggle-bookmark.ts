import { feedMsg as msg } from '@ray/shared/feed-messages.ar';
import type { BookmarkResult } from '@ray/shared/schemas/bookmark';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { track } from '@/lib/analytics';
import { ApiError, api } from '@/lib/api-client';
import { findCachedPost, patchPost } from './post-cache';
import { postKeys } from './post-keys';

export function addBookmark(postId: number): Promise<BookmarkResult> {
  return api.post<BookmarkResult>('/api/bookmarks', { postId });
}

export function removeBookmark(postId: number): Promise<BookmarkResult> {
  return api.delete<BookmarkResult>(`/api/bookmarks/${postId}`);
}

interface ToggleBookmark {
  postId: number;
  /** The state wanted: true saves, false removes. */
  bookmarked: boolean;
}

/**
 * Saves or unsaves a post at once everywhere it is shown, keeps what the server answers, and puts back what was
 * shown before if the server refuses. The spec's confirmation goes to `confirm`, which shows it beside the control
 * (the toggle there already shows the new state); only a failure is a toast.
 */
export function useToggleBookmark(confirm?: (message: string) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, bookmarked }: ToggleBookmark) =>
      bookmarked ? addBookmark(postId) : removeBookmark(postId),
    onMutate: ({ postId, bookmarked }) => {
      const previous = findCachedPost(queryClient, postId)?.isBookmarked ?? !bookmarked;
      patchPost(queryClient, postId, { isBookmarked: bookmarked });
      return { previous };
    },
    onError: (error, { postId, bookmarked }, context) => {
      patchPost(queryClient, postId, { isBookmarked: context?.previous ?? !bookmarked });
      const useServer = error instanceof ApiError && error.hasServerMessage && error.status < 500;
      toast.error(useServer ? error.message : msg.bookmarkFailed);
    },
    onSuccess: (result, { postId, bookmarked }) => {
      patchPost(queryClient, postId, { isBookmarked: result.isBookmarked });
      track('bookmark', { action: bookmarked ? 'add' : 'remove' });
      confirm?.(result.message || (bookmarked ? msg.bookmarkAdded : msg.bookmarkRemoved));
      void queryClient.invalidateQueries({ queryKey: [...postKeys.lists(), { pageType: 'Bookmarks' }] });
    },
  });
}

import { msg } from '@ray/shared/messages.ar';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from '@/lib/toast';

function isUnsave(variables: unknown): boolean {
  return (
    typeof variables === 'object' &&
    variables !== null &&
    'postId' in variables &&
    'bookmarked' in variables &&
    variables.bookmarked === false
  );
}

/**
 * While the saved-posts page is open, a post unsaved from one of its cards is announced as removed from the
 * list; the toggle itself refreshes the list. This one is a toast: the card whose status would have said
 * "unsaved" leaves the list with it.
 */
export function useRemovalNotice(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'success') return;
        if (!isUnsave(event.mutation.state.variables)) return;
        toast.success(msg.bookmarkRemovedFromList, { id: msg.bookmarkRemovedFromList });
      }),
    [queryClient],
  );
}

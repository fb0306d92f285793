import { feedMsg as msg } from '@ray/shared/feed-messages.ar';
import type { Post } from '@ray/shared/schemas/post';
import { useInlineStatus } from '@/components/ui/inline-status';
import { useLoginPrompt } from '@/hooks/use-login-prompt';
import { useAuthStore } from '@/lib/auth-store';
import { useToggleBookmark } from '../api/toggle-bookmark';

/**
 * The actions a post offers everyone, with the sign-in prompts of spec section 8 for visitors: saving,
 * reporting (which opens the caller's report dialog), and editing (the author's, when the session has ended
 * while the post was on screen). `bookmarkStatus` is the confirmation of a save, shown beside the save control.
 */
export function usePostActions(post: Pick<Post, 'id' | 'isBookmarked'>, openReport: () => void) {
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const promptLogin = useLoginPrompt();
  const [bookmarkStatus, confirmBookmark] = useInlineStatus();
  const bookmark = useToggleBookmark(confirmBookmark);

  const toggleBookmark = () => {
    if (!isAuthenticated) {
      promptLogin(msg.loginToBookmark);
      return;
    }
    if (bookmark.isPending) return;
    bookmark.mutate({ postId: post.id, bookmarked: !post.isBookmarked });
  };

  const report = () => {
    if (!isAuthenticated) {
      promptLogin(msg.loginToReport);
      return;
    }
    openReport();
  };

  /** Whether the edit link may go on; a visitor is asked to sign in instead. */
  const edit = (): boolean => {
    if (isAuthenticated) return true;
    promptLogin(msg.loginToEditPosts);
    return false;
  };

  return { toggleBookmark, bookmarkStatus, report, edit, isAuthenticated };
}

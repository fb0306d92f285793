import { feedMsg as msg } from '@ray/shared/feed-messages.ar';
import { useInlineStatus } from '@/components/ui/inline-status';
import { useLoginPrompt } from '@/hooks/use-login-prompt';
import { useAuthStore } from '@/lib/auth-store';
import { useCastVote, type VotablePost } from '../api/cast-vote';

/**
 * Casting a vote from a widget: visitors are asked to sign in, a click while one vote is on its way waits, and
 * `status` is the confirmation the widget shows beside its buttons.
 */
export function useVoteAction(post: VotablePost) {
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const promptLogin = useLoginPrompt();
  const [status, confirm] = useInlineStatus();
  const cast = useCastVote(confirm);
  const vote = (value: number) => {
    if (!isAuthenticated) {
      promptLogin(post.votingType === 'rating' ? msg.loginToRate : msg.loginToVote);
      return;
    }
    if (cast.isPending) return;
    cast.mutate({ post, value });
  };
  return { vote, isPending: cast.isPending, status };
}

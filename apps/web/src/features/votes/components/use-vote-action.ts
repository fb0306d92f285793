import { feedMsg as msg } from '@ray/shared/feed-messages.ar';
import { useLoginPrompt } from '@/hooks/use-login-prompt';
import { useAuthStore } from '@/lib/auth-store';
import { useCastVote, type VotablePost } from '../api/cast-vote';

/** Casting a vote from a widget: visitors are asked to sign in, and a click while one vote is on its way waits. */
export function useVoteAction(post: VotablePost) {
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const promptLogin = useLoginPrompt();
  const cast = useCastVote();
  const vote = (value: number) => {
    if (!isAuthenticated) {
      promptLogin(post.votingType === 'rating' ? msg.loginToRate : msg.loginToVote);
      return;
    }
    if (cast.isPending) return;
    cast.mutate({ post, value });
  };
  return { vote, isPending: cast.isPending };
}

import { UserCheck, UserPlus } from 'lucide-react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { useLoginPrompt } from '@/hooks/use-login-prompt';
import { communityStrings } from '@/i18n/community.ar';
import { ApiError } from '@/lib/api-client';
import { useAuthStore } from '@/lib/auth-store';
import { useToggleFollow } from '../api/follow-user';

const s = communityStrings.profile;

/**
 * Follow toggle of a profile. Visitors get the sign-in message with a shortcut to /login that brings them back
 * here, as for the other actions that need an account (spec section 8).
 */
export function FollowButton({ userId, isFollowing }: { userId: string; isFollowing: boolean }) {
  const viewerId = useAuthStore((state) => state.userId);
  const signedIn = useAuthStore((state) => state.isAuthenticated);
  const promptLogin = useLoginPrompt();
  const toggle = useToggleFollow();

  const onClick = () => {
    if (!signedIn || !viewerId) {
      promptLogin(s.loginToFollow);
      return;
    }
    toggle.mutate(
      { followerId: viewerId, followedId: userId, follow: !isFollowing },
      {
        onError: (error) => {
          toast.error(
            error instanceof ApiError && error.hasServerMessage && error.status < 500
              ? error.message
              : s.followFailed,
          );
        },
      },
    );
  };

  return (
    <Button
      variant={isFollowing ? 'outline' : 'primary'}
      size="sm"
      aria-pressed={signedIn ? isFollowing : undefined}
      disabled={toggle.isPending}
      onClick={onClick}
      className="min-w-32"
    >
      {isFollowing ? (
        <UserCheck className="size-4" aria-hidden="true" />
      ) : (
        <UserPlus className="size-4" aria-hidden="true" />
      )}
      {isFollowing ? s.unfollow : s.follow}
    </Button>
  );
}

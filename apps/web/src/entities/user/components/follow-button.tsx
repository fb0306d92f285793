import { UserCheck, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { useLoginPrompt } from '@/hooks/use-login-prompt';
import { communityStrings } from '@/i18n/community.ar';
import { ApiError } from '@/lib/api-client';
import { useAuthStore } from '@/lib/auth-store';
import { cn } from '@/lib/cn';
import { useToggleFollow } from '../api/follow-user';

const s = communityStrings.profile;

/**
 * Follow toggle of a person, on their profile or in any list of people. It shows the new state at once and goes
 * back (with the server's Arabic message) if the server refuses. Visitors get the sign-in message with a shortcut
 * to /login that brings them back here, as for the other actions that need an account (spec section 8).
 */
export function FollowButton({
  userId,
  isFollowing,
  name,
  compact = false,
}: {
  userId: string;
  isFollowing: boolean;
  /** The person's name, for the accessible label of a button in a list. */
  name?: string;
  compact?: boolean;
}) {
  const viewerId = useAuthStore((state) => state.userId);
  const signedIn = useAuthStore((state) => state.isAuthenticated);
  const promptLogin = useLoginPrompt();
  const toggle = useToggleFollow();
  /** The state asked for and not yet refused; lists that are not read again keep showing it. */
  const [wanted, setWanted] = useState<boolean | null>(null);
  const following = wanted ?? isFollowing;

  const onClick = () => {
    if (!signedIn || !viewerId) {
      promptLogin(s.loginToFollow);
      return;
    }
    const follow = !following;
    setWanted(follow);
    toggle.mutate(
      { followerId: viewerId, followedId: userId, follow },
      {
        onError: (error) => {
          setWanted(null);
          toast.error(
            error instanceof ApiError && error.hasServerMessage && error.status < 500
              ? error.message
              : s.followFailed,
          );
        },
      },
    );
  };

  const label = following ? s.unfollow : s.follow;
  return (
    <Button
      variant={following ? 'outline' : 'primary'}
      size="sm"
      aria-pressed={signedIn ? following : undefined}
      aria-label={name ? `${label}: ${name}` : undefined}
      disabled={toggle.isPending}
      onClick={onClick}
      className={cn(compact ? 'shrink-0' : 'min-w-32')}
    >
      {following ? (
        <UserCheck className="size-4" aria-hidden="true" />
      ) : (
        <UserPlus className="size-4" aria-hidden="true" />
      )}
      {label}
    </Button>
  );
}

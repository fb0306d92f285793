import type { UserListItem } from '@ray/shared/schemas/profile';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { peopleStrings } from '@/i18n/people.ar';
import { useAuthStore } from '@/lib/auth-store';
import { cn } from '@/lib/cn';
import { FollowButton } from './follow-button';

/**
 * One person in a list (search results, suggestions): avatar, name, username and up to two lines of bio, all
 * linking to the profile, and a follow button that works in place. No button on the viewer's own row.
 */
export function PersonRow({
  person,
  bioLines = 2,
  className,
}: {
  person: UserListItem;
  bioLines?: 0 | 1 | 2;
  className?: string;
}) {
  const viewerId = useAuthStore((state) => state.userId);
  return (
    <div className={cn('flex items-center gap-3 py-3', className)} data-testid="person-row">
      <Link
        to={`/profile/${encodeURIComponent(person.userId)}`}
        aria-label={peopleStrings.person.profileOf(person.displayName)}
        className="flex min-w-0 flex-1 items-center gap-3 rounded-xl hover:bg-slate-50"
      >
        <Avatar src={person.avatarUrl} name={person.displayName} />
        <span className="min-w-0 flex-1">
          <bdi className="block truncate font-bold text-slate-900">{person.displayName}</bdi>
          <bdi dir="ltr" className="block truncate text-sm text-slate-600">
            @{person.username}
          </bdi>
          {person.bio && bioLines > 0 ? (
            <span
              dir="auto"
              className={cn(
                'mt-0.5 block text-sm leading-6 text-slate-600',
                bioLines === 1 ? 'line-clamp-1' : 'line-clamp-2',
              )}
            >
              {person.bio}
            </span>
          ) : null}
        </span>
      </Link>
      {person.userId === viewerId ? null : (
        <FollowButton
          userId={person.userId}
          isFollowing={person.isFollowing}
          name={person.displayName}
          compact
        />
      )}
    </div>
  );
}

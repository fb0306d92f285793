import { Users } from 'lucide-react';
import { Link } from 'react-router';
import { ErrorState } from '@/components/page-states';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { communityStrings } from '@/i18n/community.ar';
import { useFollowPeople } from '../api/get-follow-people';
import type { FollowListKind } from '@/entities/user/api/user-keys';

const s = communityStrings.profile;

/** Followers or following of a user, a page at a time; each person links to their profile. */
export function PeopleDialog({
  userId,
  kind,
  open,
  onOpenChange,
}: {
  userId: string;
  kind: FollowListKind;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const query = useFollowPeople(userId, kind, open);
  const people = query.data?.pages.flatMap((page) => page.items) ?? [];
  const close = () => {
    onOpenChange(false);
  };

  let body;
  if (query.isPending) {
    body = (
      <ul aria-hidden="true" className="space-y-3">
        {[0, 1, 2].map((index) => (
          <li key={index} className="flex animate-pulse items-center gap-3">
            <span className="size-10 rounded-full bg-slate-200" />
            <span className="flex-1 space-y-2">
              <span className="block h-3 w-32 rounded-full bg-slate-200" />
              <span className="block h-3 w-20 rounded-full bg-slate-100" />
            </span>
          </li>
        ))}
      </ul>
    );
  } else if (query.isError && !query.data) {
    body = (
      <ErrorState
        title={s.peopleLoadFailed}
        onRetry={() => void query.refetch()}
        retrying={query.isRefetching}
      />
    );
  } else if (people.length === 0) {
    body = (
      <p className="flex flex-col items-center gap-2 py-8 text-center text-sm text-slate-600">
        <Users className="size-8 text-slate-400" aria-hidden="true" />
        {kind === 'followers' ? s.peopleEmptyFollowers : s.peopleEmptyFollowing}
      </p>
    );
  } else {
    body = (
      <>
        <ul className="divide-y divide-slate-100">
          {people.map((person) => (
            <li key={person.userId}>
              <Link
                to={`/profile/${encodeURIComponent(person.userId)}`}
                onClick={close}
                className="-mx-2 flex items-center gap-3 rounded-xl px-2 py-3 hover:bg-slate-50"
              >
                <Avatar src={person.avatarUrl} name={person.displayName} />
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-semibold text-slate-900">
                    <bdi>{person.displayName}</bdi>
                  </span>
                  <span className="block truncate text-xs text-slate-600">
                    <bdi dir="ltr">@{person.username}</bdi>
                  </span>
                  {person.bio ? (
                    <span dir="auto" className="mt-0.5 line-clamp-1 block text-xs text-slate-600">
                      {person.bio}
                    </span>
                  ) : null}
                </span>
                {person.isFollowing ? (
                  <span className="shrink-0 rounded-full bg-brand-50 px-2 py-0.5 text-[0.7rem] font-semibold text-brand-800">
                    {s.youFollow}
                  </span>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
        {query.hasNextPage ? (
          <div className="mt-3 flex justify-center">
            <Button
              variant="outline"
              size="sm"
              loading={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage({ cancelRefetch: false })}
            >
              {s.peopleLoadMore}
            </Button>
          </div>
        ) : null}
      </>
    );
  }

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={kind === 'followers' ? s.followersTitle : s.followingTitle}
      size="sm"
    >
      {body}
    </Modal>
  );
}

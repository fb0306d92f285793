import * as Tabs from '@radix-ui/react-tabs';
import { msg } from '@ray/shared/messages.ar';
import type { PublicProfile } from '@ray/shared/schemas/profile';
import { CalendarDays, Construction, FileText, PenLine, Settings, UserX } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ErrorState } from '@/components/page-states';
import { PageTitle } from '@/components/page-title';
import { Avatar } from '@/components/ui/avatar';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { usePostsFeed } from '@/entities/post/api/get-posts';
import { PostFeed } from '@/entities/post/components/post-feed';
import { communityStrings } from '@/i18n/community.ar';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatMonthYear, formatNumber } from '@/lib/format';
import { useProfile } from '../api/get-profile';
import type { FollowListKind } from '@/entities/user/api/user-keys';
import { FollowButton } from '@/entities/user/components/follow-button';
import { ProfilePrivacyActions, ProfileUnavailable } from '../components/profile-privacy-actions';

const PeopleDialog = lazy(() =>
  import('../components/people-dialog').then((m) => ({ default: m.PeopleDialog })),
);

const s = communityStrings.profile;

function ProfileSkeleton() {
  return (
    <Card className="animate-pulse p-5 sm:p-6" aria-hidden="true">
      <div className="flex items-center gap-4">
        <span className="size-24 rounded-full bg-slate-200" />
        <span className="flex-1 space-y-3">
          <span className="block h-5 w-40 rounded-full bg-slate-200" />
          <span className="block h-3.5 w-24 rounded-full bg-slate-100" />
          <span className="block h-3.5 w-32 rounded-full bg-slate-100" />
        </span>
      </div>
      <div className="mt-5 grid grid-cols-3 gap-3">
        {[0, 1, 2].map((index) => (
          <span key={index} className="h-16 rounded-xl bg-slate-100" />
        ))}
      </div>
    </Card>
  );
}

function ProfileNotFound() {
  return (
    <Card className="flex flex-col items-center gap-4 px-6 py-14 text-center">
      <PageTitle title={msg.userNotFound} />
      <span className="flex size-14 items-center justify-center rounded-2xl bg-slate-100 text-slate-600">
        <UserX className="size-7" aria-hidden="true" />
      </span>
      <h1 className="text-xl font-bold text-slate-900">{msg.userNotFound}</h1>
      <p className="max-w-sm leading-7 text-slate-600">{s.notFoundBody}</p>
      <Link to="/" className={buttonClasses()}>
        {s.backHome}
      </Link>
    </Card>
  );
}

function Stat({
  value,
  label,
  testId,
  onClick,
}: {
  value: number;
  label: string;
  testId: string;
  onClick?: () => void;
}) {
  const content = (
    <>
      <span className="block text-xl font-bold text-slate-900 tabular-nums" data-testid={testId}>
        {formatNumber(value)}
      </span>
      <span className="block text-xs text-slate-600">{label}</span>
    </>
  );
  const classes = 'rounded-xl bg-slate-50 px-3 py-3 text-center ring-1 ring-slate-100';
  return onClick ? (
    <button
      type="button"
      onClick={onClick}
      aria-haspopup="dialog"
      className={cn(
        classes,
        'transition-colors hover:bg-brand-50 hover:ring-brand-100 focus-visible:outline-2 focus-visible:outline-brand-600',
      )}
    >
      {content}
    </button>
  ) : (
    <div className={classes}>{content}</div>
  );
}

function ProfileHeader({ profile }: { profile: PublicProfile }) {
  const [people, setPeople] = useState<FollowListKind | null>(null);
  const joined = formatMonthYear(profile.createdAt);
  return (
    <Card className="overflow-hidden">
      <div className="h-24 bg-gradient-to-l from-brand-solid to-brand-400 sm:h-28" aria-hidden="true" />
      <div className="px-5 pb-5 sm:px-6 sm:pb-6">
        <div className="-mt-12 flex flex-wrap items-end justify-between gap-3">
          <Avatar src={profile.avatarUrl} name={profile.displayName} size="xl" className="ring-4" />
          <div className="flex flex-wrap items-center justify-end gap-2 pb-1">
            <ProfilePrivacyActions profile={profile} />
            {profile.isOwnProfile ? (
              <Link to="/settings" className={buttonClasses({ variant: 'outline', size: 'sm' })}>
                <Settings className="size-4" aria-hidden="true" />
                {s.settings}
              </Link>
            ) : profile.isUnavailable ? null : (
              <FollowButton userId={profile.userId} isFollowing={profile.isFollowing} />
            )}
          </div>
        </div>

        <h1 className="mt-3 text-2xl font-bold text-slate-900">
          <bdi>{profile.displayName}</bdi>
        </h1>
        <p className="text-sm text-slate-600">
          <bdi dir="ltr">@{profile.username}</bdi>
        </p>
        {profile.bio ? (
          <p
            dir="auto"
            className="mt-3 max-w-2xl leading-7 whitespace-pre-line text-slate-800 wrap-break-word"
          >
            {profile.bio}
          </p>
        ) : null}
        {joined ? (
          <p className="mt-3 flex items-center gap-1.5 text-sm text-slate-600">
            <CalendarDays className="size-4 text-slate-500" aria-hidden="true" />
            {s.joined(joined)}
          </p>
        ) : null}

        <div className="mt-5 grid grid-cols-3 gap-2 sm:gap-3">
          <Stat value={profile.postsCount} label={s.posts} testId="posts-count" />
          <Stat
            value={profile.followersCount}
            label={s.followers}
            testId="followers-count"
            onClick={() => {
              setPeople('followers');
            }}
          />
          <Stat
            value={profile.followingCount}
            label={s.following}
            testId="following-count"
            onClick={() => {
              setPeople('following');
            }}
          />
        </div>
      </div>
      {people ? (
        <Suspense fallback={null}>
          <PeopleDialog
            userId={profile.userId}
            kind={people}
            open
            onOpenChange={(open) => {
              if (!open) setPeople(null);
            }}
          />
        </Suspense>
      ) : null}
    </Card>
  );
}

function ProfilePosts({ profile }: { profile: PublicProfile }) {
  const feed = usePostsFeed({ userId: profile.userId });
  return (
    <PostFeed
      query={feed}
      label={s.tabPosts}
      endMessage={s.postsEnd}
      errorTitle={s.postsLoadFailed}
      empty={
        <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center">
          <span className="flex size-12 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
            <FileText className="size-6" aria-hidden="true" />
          </span>
          <p className="font-semibold text-slate-900">
            {profile.isOwnProfile ? s.postsEmptyOwn : s.postsEmpty}
          </p>
          {profile.isOwnProfile ? (
            <Link to="/create-post" className={buttonClasses({ size: 'sm' })}>
              <PenLine className="size-4" aria-hidden="true" />
              {s.newPost}
            </Link>
          ) : null}
        </Card>
      }
    />
  );
}

function ActivityPlaceholder() {
  return (
    <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center">
      <span className="flex size-12 items-center justify-center rounded-2xl bg-amber-50 text-amber-700">
        <Construction className="size-6" aria-hidden="true" />
      </span>
      <p className="inline-flex rounded-full bg-amber-50 px-3 py-1 text-xs font-semibold text-amber-900 ring-1 ring-amber-200">
        {s.activityTitle}
      </p>
      <p className="max-w-md text-sm leading-7 text-slate-600">{s.activityBody}</p>
    </Card>
  );
}

const tabClasses =
  'flex-1 rounded-lg px-4 py-2 text-sm font-medium text-slate-600 transition-colors hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600 data-[state=active]:bg-surface data-[state=active]:text-brand-800 data-[state=active]:shadow-sm sm:flex-none';

function Profile({ profile }: { profile: PublicProfile }) {
  return (
    <div className="space-y-5">
      <PageTitle title={profile.displayName} />
      <ProfileHeader profile={profile} />
      {profile.isUnavailable ? (
        <ProfileUnavailable profile={profile} />
      ) : (
        <Tabs.Root defaultValue="posts" dir="rtl" className="space-y-4">
          <Tabs.List aria-label={s.tabsLabel} className="flex rounded-xl bg-slate-100 p-1 sm:inline-flex">
            <Tabs.Trigger value="posts" className={tabClasses}>
              {s.tabPosts}
            </Tabs.Trigger>
            <Tabs.Trigger value="activity" className={tabClasses}>
              {s.tabActivity}
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="posts" className="focus-visible:outline-none">
            <ProfilePosts profile={profile} />
          </Tabs.Content>
          <Tabs.Content value="activity" className="focus-visible:outline-none">
            <ActivityPlaceholder />
          </Tabs.Content>
        </Tabs.Root>
      )}
    </div>
  );
}

/** Spec section 2, profile: who the user is, their counts, their posts; following for signed-in visitors. */
export function ProfilePage() {
  const { userId = '' } = useParams();
  const query = useProfile(userId);

  if (query.data) return <Profile key={query.data.userId} profile={query.data} />;
  if (query.isError) {
    if (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400)) {
      return <ProfileNotFound />;
    }
    return (
      <ErrorState
        title={s.loadFailed}
        message={query.error instanceof ApiError ? query.error.message : undefined}
        onRetry={() => void query.refetch()}
        retrying={query.isRefetching}
      />
    );
  }
  return <ProfileSkeleton />;
}

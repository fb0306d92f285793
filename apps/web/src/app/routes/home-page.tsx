import { feedMsg as msg } from '@ray/shared/feed-messages.ar';
import { Newspaper, PenLine, RefreshCw } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { usePostsFeed, useRefreshList } from '@/entities/post/api/get-posts';
import { postKeys } from '@/entities/post/api/post-keys';
import { PostFeed } from '@/entities/post/components/post-feed';
import { HomeHero } from '@/features/feed/components/home-hero';
import { FeedTabs } from '@/features/following/components/feed-tabs';
import { feedParamsOf, readFeedTab, writeFeedTab } from '@/features/following/utils/feed-tab';
import { peopleStrings } from '@/i18n/people.ar';
import { strings } from '@/i18n/strings.ar';
import { useAuthStore } from '@/lib/auth-store';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';

const LATEST = feedParamsOf('all');
const FOLLOWING = feedParamsOf('following');

// Members only: visitors, who are most of the first visits, do not download it. Its stand-in has its size.
const InlineComposer = lazy(() =>
  import('@/features/posts/components/inline-composer').then((m) => ({ default: m.InlineComposer })),
);

// Shown only on an empty «متابَعون» tab, with suggestions: loaded when it is.
const FollowingEmpty = lazy(() =>
  import('@/features/following/components/following-empty').then((m) => ({ default: m.FollowingEmpty })),
);

function EmptyFeed({ signedIn }: { signedIn: boolean }) {
  return (
    <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center">
      <span className="flex size-12 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
        <Newspaper className="size-6" aria-hidden="true" />
      </span>
      <h3 className="font-semibold text-slate-900">{strings.feed.emptyTitle}</h3>
      <p className="max-w-md text-sm leading-7 text-slate-600">
        {signedIn ? strings.feed.emptyBody : strings.feed.emptyGuestBody}
      </p>
      {signedIn ? (
        <Link to="/create-post" className={buttonClasses()}>
          <PenLine className="size-4" aria-hidden="true" />
          {strings.feed.beFirst}
        </Link>
      ) : (
        <Link to="/login" className={buttonClasses({ variant: 'outline' })}>
          {strings.nav.login}
        </Link>
      )}
    </Card>
  );
}

export function HomePage() {
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const [params, setParams] = useSearchParams();
  const tab = readFeedTab(params, isAuthenticated);
  const following = tab === 'following';
  const listParams = following ? FOLLOWING : LATEST;
  const feed = usePostsFeed(listParams);
  const refreshList = useRefreshList(postKeys.list(listParams));
  const title = following ? peopleStrings.following.title : strings.home.feedTitle;
  const refreshing = feed.isRefetching && !feed.isFetchingNextPage;

  const refresh = async () => {
    if (!(await refreshList())) toast.error(msg.postsLoadFailed);
  };

  return (
    <div className="space-y-5 sm:space-y-6">
      <PageTitle />
      {isAuthenticated ? (
        <>
          {/* The page's name, which the hero gives visitors. */}
          <h1 className="sr-only">{strings.home.title}</h1>
          <Suspense fallback={<Card className="h-16 sm:h-18" />}>
            <InlineComposer />
          </Suspense>
        </>
      ) : (
        <HomeHero />
      )}

      <section aria-labelledby="feed-title" className="space-y-3">
        {isAuthenticated ? (
          <FeedTabs
            active={tab}
            onChange={(next) => {
              setParams(writeFeedTab(next, params), { replace: true });
            }}
          />
        ) : null}
        <div className="flex items-center justify-between gap-3">
          <h2 id="feed-title" className="text-lg font-bold text-slate-900">
            {title}
          </h2>
          <button
            type="button"
            onClick={() => void refresh()}
            disabled={refreshing || feed.isPending}
            className={cn(buttonClasses({ variant: 'ghost', size: 'sm' }), 'text-brand-700')}
          >
            <RefreshCw className={cn('size-4', refreshing && 'animate-spin')} aria-hidden="true" />
            {strings.home.refresh}
          </button>
        </div>
        <div
          id="feed-panel"
          role={isAuthenticated ? 'tabpanel' : undefined}
          aria-labelledby={isAuthenticated ? `feed-tab-${tab}` : undefined}
        >
          <PostFeed
            key={tab}
            query={feed}
            label={title}
            empty={
              following ? (
                <Suspense fallback={null}>
                  <FollowingEmpty />
                </Suspense>
              ) : (
                <EmptyFeed signedIn={isAuthenticated} />
              )
            }
            scroll="feed"
          />
        </div>
      </section>
    </div>
  );
}

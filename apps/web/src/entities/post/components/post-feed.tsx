import { feedMsg as msg } from '@ray/shared/feed-messages.ar';
import type { Paged } from '@ray/shared/schemas/common';
import type { Post } from '@ray/shared/schemas/post';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { Fragment, type ReactNode } from 'react';
import { AdSlot } from '@/components/ads/ad-slot';
import { HydrateLater } from '@/components/hydrate-later';
import { ErrorState } from '@/components/page-states';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { strings } from '@/i18n/strings.ar';
import { ApiError } from '@/lib/api-client';
import { flattenPages } from '../api/get-posts';
import { useInfiniteScroll } from '../hooks/use-infinite-scroll';
import { feedAdSlot } from '../utils/feed-ads';
import { PostCard } from './post-card';
import { PostCardSkeleton, PostListSkeleton } from './post-card-skeleton';

export type PostsQuery = UseInfiniteQueryResult<InfiniteData<Paged<Post>>>;

/**
 * An infinite list of post cards for any posts query (`usePostsFeed` or another endpoint's infinite query):
 * skeletons while the first page loads, an error with retry, the caller's empty state, a between-posts ad slot
 * after every sixth post (filled from the page view's ad plan), the next page as the end comes near (with a
 * button for keyboards), and an end message.
 */
export function PostFeed({
  query,
  label,
  empty,
  endMessage = strings.feed.end,
  errorTitle = msg.postsLoadFailed,
  showAds = true,
  scroll = 'list',
}: {
  query: PostsQuery;
  /** Accessible name of the list. */
  label: string;
  empty: ReactNode;
  endMessage?: string;
  errorTitle?: string;
  showAds?: boolean;
  /** Which configured infinite-scroll distance applies: the home feed's or the other lists'. */
  scroll?: 'feed' | 'list';
}) {
  const { data, isPending, isError, error, refetch, isRefetching, hasNextPage, isFetching } = query;
  const { isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  const loadMore = () => fetchNextPage({ cancelRefetch: false });
  const endRef = useInfiniteScroll({
    hasNextPage,
    isFetching,
    fetchNextPage: loadMore,
    enabled: !isFetchNextPageError,
    list: scroll,
  });

  if (isPending) {
    return (
      <div aria-busy="true" aria-label={strings.feed.loading}>
        <PostListSkeleton />
      </div>
    );
  }
  if (isError && !data) {
    return (
      <ErrorState
        title={errorTitle}
        message={error instanceof ApiError && error.isNetworkError ? error.message : undefined}
        onRetry={() => void refetch()}
        retrying={isRefetching}
      />
    );
  }

  const posts = flattenPages(data);
  if (posts.length === 0) return <>{empty}</>;

  return (
    <div className="space-y-4">
      <div role="list" aria-label={label} aria-busy={isFetchingNextPage} className="space-y-4">
        {posts.map((post, index) => {
          const adSlot = showAds ? feedAdSlot(index) : null;
          return (
            <Fragment key={post.id}>
              <div role="listitem">
                <HydrateLater>
                  <PostCard post={post} priority={index < 2} />
                </HydrateLater>
              </div>
              {/* A list holds only list items, so the ad between posts is one too; a slot the page's plan
                  leaves empty takes no room. */}
              {adSlot !== null ? (
                <div role="listitem" className="empty:hidden">
                  <AdSlot placement="BetweenPosts" index={adSlot} />
                </div>
              ) : null}
            </Fragment>
          );
        })}
      </div>

      {isFetchingNextPage ? (
        <div className="space-y-4">
          <PostCardSkeleton />
          <p className="flex justify-center">
            <Spinner label={strings.feed.loadingMore} />
          </p>
        </div>
      ) : null}

      {isFetchNextPageError ? (
        <div
          role="alert"
          className="flex flex-col items-center gap-3 rounded-2xl bg-surface px-4 py-6 text-center shadow-card ring-1 ring-slate-200/80"
        >
          <p className="text-sm font-medium text-slate-800">{strings.feed.nextPageFailed}</p>
          <Button variant="outline" size="sm" onClick={() => void loadMore()}>
            {strings.common.retry}
          </Button>
        </div>
      ) : null}

      {hasNextPage && !isFetchingNextPage && !isFetchNextPageError ? (
        <div className="flex justify-center">
          <Button variant="ghost" size="sm" onClick={() => void loadMore()} disabled={isFetching}>
            {strings.feed.loadMore}
          </Button>
        </div>
      ) : null}

      {!hasNextPage ? (
        <p className="flex items-center justify-center gap-2 py-4 text-sm text-slate-600">
          <CheckCircle2 className="size-4 text-brand-600" aria-hidden="true" />
          {endMessage}
        </p>
      ) : null}

      <div ref={endRef} aria-hidden="true" className="h-px" />
    </div>
  );
}

import { msg } from '@ray/shared/messages.ar';
import { FileText, PenLine, RefreshCw } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { PageTitle } from '@/components/page-title';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { composerStrings } from '@/i18n/composer.ar';
import { strings } from '@/i18n/strings.ar';
import { cn } from '@/lib/cn';
import { formatCount } from '@/lib/format';
import { usePostsFeed, useRefreshList } from '@/entities/post/api/get-posts';
import { postKeys } from '@/entities/post/api/post-keys';
import { PostFeed } from '@/entities/post/components/post-feed';

const MINE = { pageType: 'MyPosts' } as const;

function EmptyMyPosts() {
  return (
    <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center">
      <span className="flex size-12 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
        <FileText className="size-6" aria-hidden="true" />
      </span>
      <h2 className="font-semibold text-slate-900">{composerStrings.myPosts.emptyTitle}</h2>
      <p className="max-w-md text-sm leading-7 text-slate-600">{composerStrings.myPosts.emptyBody}</p>
      <Link to="/create-post" className={buttonClasses()}>
        <PenLine className="size-4" aria-hidden="true" />
        {composerStrings.myPosts.emptyCta}
      </Link>
    </Card>
  );
}

/** Spec section 2, my posts: everything the user published, anonymous posts included, newest first. */
export function MyPostsPage() {
  const feed = usePostsFeed(MINE);
  const refreshList = useRefreshList(postKeys.list(MINE));
  const total = feed.data?.pages[0]?.pagination.totalCount;
  const refreshing = feed.isRefetching && !feed.isFetchingNextPage;

  const refresh = async () => {
    if (!(await refreshList())) toast.error(msg.postsLoadFailed);
  };

  return (
    <div className="space-y-5">
      <PageTitle title={composerStrings.myPosts.title} />
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-slate-900">{composerStrings.myPosts.title}</h1>
          <p className="mt-0.5 text-sm text-slate-600">
            {total === undefined ? (
              composerStrings.myPosts.subtitle
            ) : (
              <>
                <span className="font-semibold text-slate-800" data-testid="my-posts-count">
                  {formatCount(total, strings.counts.posts)}
                </span>
                {' · '}
                {composerStrings.myPosts.subtitle}
              </>
            )}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <button
            type="button"
            onClick={() => void refresh()}
            disabled={refreshing || feed.isPending}
            className={buttonClasses({ variant: 'outline', size: 'sm' })}
          >
            <RefreshCw className={cn('size-4', refreshing && 'animate-spin')} aria-hidden="true" />
            {composerStrings.myPosts.refresh}
          </button>
          <Link to="/create-post" className={buttonClasses({ size: 'sm' })}>
            <PenLine className="size-4" aria-hidden="true" />
            {composerStrings.myPosts.newPost}
          </Link>
        </div>
      </header>
      <PostFeed
        query={feed}
        label={composerStrings.myPosts.title}
        empty={<EmptyMyPosts />}
        endMessage={composerStrings.myPosts.end}
      />
    </div>
  );
}

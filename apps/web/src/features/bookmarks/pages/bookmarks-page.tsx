import { msg } from '@ray/shared/messages.ar';
import { Bookmark, RefreshCw, TrendingUp } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { PageTitle } from '@/components/page-title';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useRefreshList } from '@/entities/post/api/get-posts';
import { PostFeed } from '@/entities/post/components/post-feed';
import { communityStrings } from '@/i18n/community.ar';
import { cn } from '@/lib/cn';
import { formatCount } from '@/lib/format';
import { bookmarkKeys } from '../api/bookmark-keys';
import { useBookmarks } from '../api/get-bookmarks';
import { useRemovalNotice } from '../hooks/use-removal-notice';

const s = communityStrings.bookmarks;

function EmptyBookmarks() {
  return (
    <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center">
      <span className="flex size-12 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
        <Bookmark className="size-6" aria-hidden="true" />
      </span>
      <h2 className="font-semibold text-slate-900">{s.emptyTitle}</h2>
      <p className="max-w-md text-sm leading-7 text-slate-600">{s.emptyBody}</p>
      <Link to="/trends" className={buttonClasses()}>
        <TrendingUp className="size-4" aria-hidden="true" />
        {s.trendsLink}
      </Link>
    </Card>
  );
}

/** Spec section 2, bookmarks: the posts the user saved, most recently saved first. */
export function BookmarksPage() {
  const feed = useBookmarks();
  const refreshList = useRefreshList(bookmarkKeys.list());
  useRemovalNotice();
  const total = feed.data?.pages[0]?.pagination.totalCount;
  const refreshing = feed.isRefetching && !feed.isFetchingNextPage;

  const refresh = async () => {
    if (!(await refreshList())) toast.error(msg.bookmarksUpdateFailed);
  };

  return (
    <div className="space-y-5">
      <PageTitle title={s.title} />
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-slate-900">{s.title}</h1>
          <p className="mt-0.5 text-sm text-slate-600">
            {total === undefined ? (
              s.subtitle
            ) : (
              <>
                <span className="font-semibold text-slate-800" data-testid="bookmarks-count">
                  {formatCount(total, s.count)}
                </span>
                {' · '}
                {s.subtitle}
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
            {s.refresh}
          </button>
          <Link to="/trends" className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
            <TrendingUp className="size-4" aria-hidden="true" />
            {s.trendsLink}
          </Link>
        </div>
      </header>
      <PostFeed
        query={feed}
        label={s.title}
        empty={<EmptyBookmarks />}
        endMessage={s.end}
        errorTitle={s.loadFailed}
      />
    </div>
  );
}

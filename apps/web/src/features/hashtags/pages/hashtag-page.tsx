import { HASHTAG_POSTS_SORTS } from '@ray/shared/schemas/hashtag';
import { Hash, PenSquare, RefreshCw } from 'lucide-react';
import { useId } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { LoadMore } from '@/components/load-more';
import { ErrorState } from '@/components/page-states';
import { PageTitle } from '@/components/page-title';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { inputClasses } from '@/components/ui/text-field';
import { hashtagKeys } from '@/entities/hashtag/api/hashtag-keys';
import { flattenPages, useRefreshList } from '@/entities/post/api/get-posts';
import { PostCard } from '@/entities/post/components/post-card';
import { PostListSkeleton } from '@/entities/post/components/post-card-skeleton';
import { useEarlyInput } from '@/hooks/use-early-input';
import { discoveryStrings } from '@/i18n/discovery.ar';
import { useAuthStore } from '@/lib/auth-store';
import { formatCount } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useHashtagPosts } from '../api/get-hashtag-posts';
import { SuggestedHashtags } from '../components/suggested-hashtags';
import { readHashtagParam, readHashtagSort } from '../utils/hashtag-pages';

const s = discoveryStrings.hashtag;

export function HashtagPage() {
  const name = readHashtagParam(useParams().hashtagName);
  if (!name) {
    return (
      <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center">
        <PageTitle title={s.missingTitle} />
        <span className="flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-500">
          <Hash className="size-6" aria-hidden="true" />
        </span>
        <h1 className="text-xl font-bold text-slate-900">{s.missingTitle}</h1>
        <p className="text-sm text-slate-600">{s.missingBody}</p>
        <Link to="/trends" className={buttonClasses()}>
          {s.trendsLink}
        </Link>
      </Card>
    );
  }
  return <HashtagPosts key={name} name={name} />;
}

function HashtagPosts({ name }: { name: string }) {
  const sortId = useId();
  const [params, setParams] = useSearchParams();
  const sortBy = readHashtagSort(params.get('sortBy'));
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const query = useHashtagPosts({ name, sortBy });
  const refreshList = useRefreshList(hashtagKeys.postList({ name, sortBy }));

  const posts = flattenPages(query.data);
  const total = query.data?.pages[0]?.pagination.totalCount;

  async function refresh() {
    if (!(await refreshList())) toast.error(s.refreshFailed);
  }

  function changeSort(value: string) {
    const next = new URLSearchParams(params);
    if (value === 'recent') next.delete('sortBy');
    else next.set('sortBy', value);
    setParams(next, { replace: true });
  }
  const sortField = useEarlyInput<HTMLSelectElement>(sortBy, changeSort);

  return (
    <div className="space-y-5">
      <PageTitle title={`#${name}`} />
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="truncate text-2xl font-bold text-slate-900">
            <bdi dir="auto">#{name}</bdi>
          </h1>
          <p className="mt-1 min-h-5 text-sm text-slate-600">
            {total === undefined ? null : formatCount(total, discoveryStrings.postForms)}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor={sortId} className="sr-only">
            {s.sort}
          </label>
          <select
            ref={sortField}
            id={sortId}
            value={sortBy}
            onChange={(event) => {
              changeSort(event.target.value);
            }}
            className={`${inputClasses(false)} h-9 w-auto`}
          >
            {HASHTAG_POSTS_SORTS.map((value) => (
              <option key={value} value={value}>
                {s.sorts[value]}
              </option>
            ))}
          </select>
          <Button
            variant="outline"
            size="sm"
            onClick={() => void refresh()}
            loading={query.isRefetching && !query.isFetchingNextPage}
          >
            <RefreshCw className="size-4" aria-hidden="true" />
            {s.refresh}
          </Button>
          {isAuthenticated ? (
            <Link to="/create-post" className={buttonClasses({ size: 'sm' })}>
              <PenSquare className="size-4" aria-hidden="true" />
              {s.newPost}
            </Link>
          ) : null}
        </div>
      </header>

      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_16rem]">
        <section aria-label={s.postsLabel(name)} className="min-w-0 space-y-4">
          {query.isPending ? (
            <div aria-busy="true">
              <PostListSkeleton />
            </div>
          ) : query.isError && !query.data ? (
            <ErrorState title={s.failed} onRetry={() => void query.refetch()} retrying={query.isRefetching} />
          ) : posts.length === 0 ? (
            <Card className="flex flex-col items-center gap-2 px-6 py-12 text-center">
              <Hash className="size-8 text-slate-300" aria-hidden="true" />
              <p className="font-bold text-slate-900">{s.empty}</p>
              <p className="text-sm text-slate-600">{s.emptyBody}</p>
            </Card>
          ) : (
            <>
              <div role="list" aria-label={s.postsLabel(name)} className="space-y-4">
                {posts.map((post, index) => (
                  <div role="listitem" key={post.id}>
                    <PostCard post={post} priority={index < 2} />
                  </div>
                ))}
              </div>
              <LoadMore
                hasMore={query.hasNextPage}
                loading={query.isFetchingNextPage}
                failed={query.isFetchNextPageError}
                onLoadMore={() => void query.fetchNextPage({ cancelRefetch: false })}
                labels={discoveryStrings}
              />
            </>
          )}
        </section>
        <aside>
          <SuggestedHashtags current={name} />
        </aside>
      </div>
    </div>
  );
}

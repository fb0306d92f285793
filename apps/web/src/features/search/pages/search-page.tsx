import { SEARCH_SIDEBAR_HASHTAGS } from '@ray/shared/constants';
import { SearchX, Search as SearchIcon } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { ErrorState } from '@/components/page-states';
import { PageTitle } from '@/components/page-title';
import { LoadMore } from '@/components/load-more';
import { Card } from '@/components/ui/card';
import { useTrendingHashtags } from '@/entities/hashtag/api/get-trending-hashtags';
import { flattenPages } from '@/entities/post/api/get-posts';
import { PostCard } from '@/entities/post/components/post-card';
import { PostListSkeleton } from '@/entities/post/components/post-card-skeleton';
import { useInfiniteScroll } from '@/entities/post/hooks/use-infinite-scroll';
import { discoveryStrings } from '@/i18n/discovery.ar';
import { ApiError } from '@/lib/api-client';
import { formatCount } from '@/lib/format';
import { useSearchHashtags, useSearchUsers } from '../api/search-people';
import { useSearchPosts } from '../api/search-posts';
import { SearchFilters } from '../components/search-filters';
import { SearchForm } from '../components/search-form';
import { HashtagResults, UserResults } from '../components/search-results-lists';
import { SearchSidebar } from '../components/search-sidebar';
import {
  hasFilters,
  readSearchParams,
  SEARCH_TYPES,
  writeSearchParams,
  type SearchState,
} from '../utils/search-params';

const s = discoveryStrings.search;

export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const state = readSearchParams(params);
  const trending = useTrendingHashtags();
  const results = useSearchPosts(
    { query: state.query, hashtag: state.hashtag || undefined, sortBy: state.sortBy },
    state.type === 'posts',
  );
  const users = useSearchUsers(state.query, state.type === 'users');
  const hashtags = useSearchHashtags(state.query, state.type === 'hashtags');
  const other = state.type === 'users' ? users : hashtags;
  const people = users.data?.pages.flatMap((page) => page.items) ?? [];
  const peopleEnd = useInfiniteScroll({
    hasNextPage: users.hasNextPage,
    isFetching: users.isFetching,
    fetchNextPage: () => users.fetchNextPage({ cancelRefetch: false }),
    enabled: state.type === 'users' && !users.isFetchNextPageError,
  });

  const update = (change: Partial<SearchState>) => {
    // Choosing a tab replaces the address rather than adding to the history; a new search adds to it.
    setParams(writeSearchParams(change, params), { replace: change.type !== undefined });
  };

  const tags = trending.data ?? [];
  const posts = flattenPages(results.data);
  const total = results.data?.pages[0]?.pagination.totalCount ?? 0;

  return (
    <div className="space-y-5">
      <PageTitle title={state.query ? `${s.title}: ${state.query}` : s.title} />
      <header>
        <h1 className="text-2xl font-bold text-slate-900">{s.title}</h1>
        <p className="mt-1 text-sm text-slate-600">{s.subtitle}</p>
      </header>

      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="min-w-0 space-y-4">
          <SearchForm
            query={state.query}
            onSearch={(query) => {
              update({ query });
            }}
          />
          <div role="tablist" aria-label={s.typesLabel} className="flex gap-2 border-b border-slate-200">
            {SEARCH_TYPES.map((type) => (
              <button
                key={type}
                type="button"
                role="tab"
                aria-selected={state.type === type}
                onClick={() => {
                  update({ type });
                }}
                className={
                  state.type === type
                    ? '-mb-px border-b-2 border-brand-700 px-3 py-2 text-sm font-bold text-brand-800'
                    : '-mb-px border-b-2 border-transparent px-3 py-2 text-sm font-semibold text-slate-600 hover:text-slate-900'
                }
              >
                {s.types[type]}
              </button>
            ))}
          </div>
          {state.type === 'posts' ? (
            <SearchFilters
              state={state}
              hashtags={tags.map((tag) => tag.name)}
              onChange={update}
              onClear={() => {
                update({ hashtag: '', sortBy: 'relevance' });
              }}
              canClear={hasFilters(state)}
            />
          ) : null}

          <section aria-label={s.resultsLabel} className="space-y-4">
            {!state.query ? (
              <Card className="flex flex-col items-center gap-2 px-6 py-12 text-center">
                <SearchIcon className="size-8 text-slate-400" aria-hidden="true" />
                <h2 className="font-bold text-slate-900">{s.prompt}</h2>
                <p className="max-w-sm text-sm text-slate-600">{s.promptBody}</p>
              </Card>
            ) : state.type !== 'posts' ? (
              other.isPending ? (
                <div
                  aria-busy="true"
                  aria-label={s.loading}
                  className="h-24 animate-pulse rounded-2xl bg-slate-100"
                />
              ) : other.isError && !other.data ? (
                <ErrorState
                  title={s.failed}
                  message={other.error instanceof ApiError ? other.error.message : undefined}
                  onRetry={() => void other.refetch()}
                  retrying={other.isRefetching}
                />
              ) : state.type === 'users' && people.length ? (
                <>
                  <UserResults users={people} />
                  <div ref={peopleEnd} aria-hidden="true" />
                  <LoadMore
                    hasMore={users.hasNextPage}
                    loading={users.isFetchingNextPage}
                    failed={users.isFetchNextPageError}
                    onLoadMore={() => void users.fetchNextPage({ cancelRefetch: false })}
                    labels={discoveryStrings}
                  />
                </>
              ) : state.type === 'hashtags' && hashtags.data?.length ? (
                <HashtagResults hashtags={hashtags.data} />
              ) : (
                <Card className="flex flex-col items-center gap-2 px-6 py-12 text-center">
                  <SearchX className="size-8 text-slate-400" aria-hidden="true" />
                  <h2 className="font-bold text-slate-900">
                    {state.type === 'users' ? s.usersEmpty : s.hashtagsEmpty}
                  </h2>
                </Card>
              )
            ) : results.isPending ? (
              <div aria-busy="true" aria-label={s.loading}>
                <PostListSkeleton />
              </div>
            ) : results.isError && !results.data ? (
              <ErrorState
                title={s.failed}
                message={results.error instanceof ApiError ? results.error.message : undefined}
                onRetry={() => void results.refetch()}
                retrying={results.isRefetching}
              />
            ) : posts.length === 0 ? (
              <Card className="flex flex-col items-center gap-2 px-6 py-12 text-center">
                <SearchX className="size-8 text-slate-400" aria-hidden="true" />
                <h2 className="font-bold text-slate-900">{s.empty}</h2>
                <p className="max-w-sm text-sm text-slate-600">{s.emptyBody}</p>
              </Card>
            ) : (
              <>
                <p className="text-sm text-slate-600" aria-live="polite">
                  <span className="font-semibold text-slate-900">{formatCount(total, s.resultForms)}</span>{' '}
                  {s.resultsFor} «
                  <bdi dir="auto" className="font-semibold text-slate-900">
                    {state.query}
                  </bdi>
                  »
                </p>
                <div role="list" aria-label={s.resultsLabel} className="space-y-4">
                  {posts.map((post, index) => (
                    <div role="listitem" key={post.id}>
                      <PostCard post={post} priority={index < 2} />
                    </div>
                  ))}
                </div>
                <LoadMore
                  hasMore={results.hasNextPage}
                  loading={results.isFetchingNextPage}
                  failed={results.isFetchNextPageError}
                  onLoadMore={() => void results.fetchNextPage({ cancelRefetch: false })}
                  labels={discoveryStrings}
                />
              </>
            )}
          </section>
        </div>

        <SearchSidebar hashtags={tags.slice(0, SEARCH_SIDEBAR_HASHTAGS)} loading={trending.isPending} />
      </div>
    </div>
  );
}

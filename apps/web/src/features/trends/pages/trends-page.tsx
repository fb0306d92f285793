import { TRENDING_DAYS_DEFAULT, TRENDING_PERIODS } from '@ray/shared/constants';
import { Flame, Hash, TrendingUp, X } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { HydrateLater } from '@/components/hydrate-later';
import { LoadMore } from '@/components/load-more';
import { ErrorState } from '@/components/page-states';
import { PageTitle } from '@/components/page-title';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useTrendingHashtags } from '@/entities/hashtag/api/get-trending-hashtags';
import { flattenPages } from '@/entities/post/api/get-posts';
import { PostCard } from '@/entities/post/components/post-card';
import { PostListSkeleton } from '@/entities/post/components/post-card-skeleton';
import { discoveryStrings } from '@/i18n/discovery.ar';
import { cn } from '@/lib/cn';
import { useTrendingPosts } from '../api/get-trending-posts';
import { TrendingHashtagsList } from '../components/trending-hashtags-list';
import { readTrendsParams } from '../utils/trends-params';

const s = discoveryStrings.trends;

export function TrendsPage() {
  const [params, setParams] = useSearchParams();
  const { days, tag } = readTrendsParams(params);
  const hashtags = useTrendingHashtags({ days });
  const posts = useTrendingPosts({ days, hashtag: tag || undefined });

  const update = (change: { days?: number; hashtag?: string }) => {
    const next = new URLSearchParams(params);
    const nextDays = change.days ?? days;
    const nextTag = change.hashtag ?? tag;
    if (nextDays === TRENDING_DAYS_DEFAULT) next.delete('days');
    else next.set('days', String(nextDays));
    if (nextTag) next.set('hashtag', nextTag);
    else next.delete('hashtag');
    setParams(next, { replace: true });
  };

  const list = flattenPages(posts.data);

  return (
    <div className="space-y-5">
      <PageTitle title={s.title} />
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="flex items-center gap-2 text-2xl font-bold text-slate-900">
            <TrendingUp className="size-6 text-brand-600" aria-hidden="true" />
            {s.title}
          </h1>
          <p className="mt-1 text-sm text-slate-600">{s.subtitle}</p>
        </div>
        <div role="tablist" aria-label={s.periodLabel} className="inline-flex rounded-xl bg-slate-100 p-1">
          {TRENDING_PERIODS.map((value) => (
            <button
              key={value}
              role="tab"
              type="button"
              aria-selected={days === value}
              onClick={() => {
                update({ days: value });
              }}
              className={cn(
                'rounded-lg px-4 py-2 text-sm font-medium transition-colors',
                days === value
                  ? 'bg-surface text-brand-800 shadow-sm'
                  : 'text-slate-600 hover:text-slate-900',
              )}
            >
              {s.periods[value]}
            </button>
          ))}
        </div>
      </header>

      <div className="grid gap-5 2xl:grid-cols-[22rem_minmax(0,1fr)]">
        <section aria-labelledby="trending-tags-title" className="min-w-0">
          <Card className="overflow-hidden">
            <div className="flex items-center justify-between gap-2 border-b border-slate-100 px-4 py-3">
              <h2 id="trending-tags-title" className="flex items-center gap-2 font-bold text-slate-900">
                <Hash className="size-4 text-brand-600" aria-hidden="true" />
                {s.hashtagsTitle}
              </h2>
              <Button
                variant={tag ? 'secondary' : 'ghost'}
                size="sm"
                aria-pressed={!tag}
                onClick={() => {
                  update({ hashtag: '' });
                }}
              >
                {tag ? <X className="size-4" aria-hidden="true" /> : null}
                {discoveryStrings.allTags}
              </Button>
            </div>
            {hashtags.isPending ? (
              <ul className="space-y-2 p-4" aria-hidden="true">
                {[0, 1, 2, 3, 4].map((i) => (
                  <li key={i} className="h-11 animate-pulse rounded-xl bg-slate-100" />
                ))}
              </ul>
            ) : hashtags.isError ? (
              <div className="p-4">
                <ErrorState
                  title={s.hashtagsFailed}
                  onRetry={() => void hashtags.refetch()}
                  retrying={hashtags.isRefetching}
                />
              </div>
            ) : hashtags.data.length === 0 ? (
              <p className="px-4 py-8 text-center text-sm text-slate-600">{s.hashtagsEmpty}</p>
            ) : (
              <HydrateLater>
                <TrendingHashtagsList
                  hashtags={hashtags.data}
                  selected={tag}
                  onSelect={(name) => {
                    update({ hashtag: name });
                  }}
                />
              </HydrateLater>
            )}
          </Card>
        </section>

        <section aria-labelledby="trending-posts-title" className="min-w-0 space-y-4">
          <h2 id="trending-posts-title" className="flex items-center gap-2 text-lg font-bold text-slate-900">
            <Flame className="size-5 text-orange-500" aria-hidden="true" />
            {tag ? (
              <span>
                {s.postsTitleTag} <bdi dir="auto">#{tag}</bdi>
              </span>
            ) : (
              s.postsTitle
            )}
          </h2>
          {posts.isPending ? (
            <div aria-busy="true">
              <PostListSkeleton />
            </div>
          ) : posts.isError && !posts.data ? (
            <ErrorState
              title={s.postsFailed}
              onRetry={() => void posts.refetch()}
              retrying={posts.isRefetching}
            />
          ) : list.length === 0 ? (
            <Card className="flex flex-col items-center gap-2 px-6 py-12 text-center">
              <Flame className="size-8 text-slate-300" aria-hidden="true" />
              <p className="font-bold text-slate-900">{s.postsEmpty}</p>
            </Card>
          ) : (
            <>
              <div role="list" aria-label={s.postsTitle} className="space-y-4">
                {list.map((post, index) => (
                  <div role="listitem" key={post.id} className="relative">
                    <span className="absolute -top-2 end-4 z-10 inline-flex items-center gap-1 rounded-full bg-orange-500 px-2.5 py-0.5 text-xs font-semibold text-white shadow-sm">
                      <Flame className="size-3.5" aria-hidden="true" />
                      {s.badge}
                    </span>
                    <HydrateLater>
                      <PostCard post={post} priority={index < 2} />
                    </HydrateLater>
                  </div>
                ))}
              </div>
              <LoadMore
                hasMore={posts.hasNextPage}
                loading={posts.isFetchingNextPage}
                failed={posts.isFetchNextPageError}
                onLoadMore={() => void posts.fetchNextPage({ cancelRefetch: false })}
                labels={discoveryStrings}
              />
            </>
          )}
        </section>
      </div>
    </div>
  );
}

import type { TrendingHashtag } from '@ray/shared/schemas/hashtag';
import { Filter } from 'lucide-react';
import { Link } from 'react-router';
import { discoveryStrings } from '@/i18n/discovery.ar';
import { cn } from '@/lib/cn';
import { formatCount, formatNumber } from '@/lib/format';
import { Sparkline } from './sparkline';

const s = discoveryStrings.trends;

/** Ranked tags: the name opens the tag's page, the filter button narrows the trending posts below to it. */
export function TrendingHashtagsList({
  hashtags,
  selected,
  onSelect,
}: {
  hashtags: TrendingHashtag[];
  selected: string;
  onSelect: (name: string) => void;
}) {
  return (
    <ol className="grid sm:grid-cols-2 2xl:grid-cols-1" aria-label={s.hashtagsTitle}>
      {hashtags.map((tag, index) => {
        const active = selected === tag.name;
        return (
          <li
            key={tag.id}
            className={cn(
              'flex items-center gap-3 border-b border-slate-100 px-4 py-3',
              active && 'bg-brand-50/70',
            )}
            data-testid="trending-hashtag"
          >
            <span
              className="flex size-7 shrink-0 items-center justify-center rounded-full bg-slate-100 text-xs font-bold text-slate-700"
              aria-label={s.rank(formatNumber(index + 1))}
            >
              {formatNumber(index + 1)}
            </span>
            <div className="min-w-0 flex-1">
              <Link
                to={`/wasm/${encodeURIComponent(tag.name)}`}
                dir="auto"
                className="block truncate font-semibold text-brand-700 hover:underline"
              >
                #{tag.name}
              </Link>
              <p className="text-xs text-slate-500">
                {formatCount(tag.usageCount, discoveryStrings.userForms)}
              </p>
            </div>
            <Sparkline daily={tag.daily} />
            <button
              type="button"
              aria-pressed={active}
              aria-label={s.filterBy(tag.name)}
              title={s.filterBy(tag.name)}
              onClick={() => {
                onSelect(active ? '' : tag.name);
              }}
              className={cn(
                'flex size-9 shrink-0 items-center justify-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-brand-600',
                active
                  ? 'bg-brand-solid text-white'
                  : 'text-slate-500 hover:bg-slate-100 hover:text-slate-800',
              )}
            >
              <Filter className="size-4" aria-hidden="true" />
            </button>
          </li>
        );
      })}
    </ol>
  );
}

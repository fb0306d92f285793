import type { TrendingHashtag } from '@ray/shared/schemas/hashtag';
import { History, Lightbulb, TrendingUp } from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { discoveryStrings } from '@/i18n/discovery.ar';
import { formatCount, formatNumber } from '@/lib/format';

const s = discoveryStrings.search;

/** Search tips, the five hottest tags and the recent-searches box (which the product keeps empty). */
export function SearchSidebar({ hashtags, loading }: { hashtags: TrendingHashtag[]; loading: boolean }) {
  return (
    <aside className="space-y-4">
      <Card className="p-4">
        <h2 className="flex items-center gap-2 font-bold text-slate-900">
          <Lightbulb className="size-4 text-amber-500" aria-hidden="true" />
          {s.tipsTitle}
        </h2>
        <ul className="mt-3 list-disc space-y-2 ps-5 text-sm leading-6 text-slate-600">
          {s.tips.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
      </Card>

      <Card className="p-4">
        <h2 className="flex items-center gap-2 font-bold text-slate-900">
          <TrendingUp className="size-4 text-brand-600" aria-hidden="true" />
          {s.trendingTitle}
        </h2>
        {loading ? (
          <ul className="mt-3 space-y-2" aria-hidden="true">
            {[0, 1, 2, 3, 4].map((i) => (
              <li key={i} className="h-6 animate-pulse rounded-lg bg-slate-100" />
            ))}
          </ul>
        ) : hashtags.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600">{s.trendingEmpty}</p>
        ) : (
          <ol className="mt-3 space-y-1">
            {hashtags.map((tag, index) => (
              <li key={tag.id} className="flex items-center gap-2 text-sm">
                <span className="w-5 text-xs text-slate-400">{formatNumber(index + 1)}</span>
                <Link
                  to={`/wasm/${encodeURIComponent(tag.name)}`}
                  dir="auto"
                  className="min-w-0 flex-1 truncate rounded-md py-1 font-medium text-brand-700 hover:underline"
                >
                  #{tag.name}
                </Link>
                <span className="text-xs text-slate-500">
                  {formatCount(tag.usageCount, discoveryStrings.userForms)}
                </span>
              </li>
            ))}
          </ol>
        )}
      </Card>

      <Card className="p-4">
        <h2 className="flex items-center gap-2 font-bold text-slate-900">
          <History className="size-4 text-slate-500" aria-hidden="true" />
          {s.recentTitle}
        </h2>
        <p className="mt-3 text-sm text-slate-600">{s.recentEmpty}</p>
      </Card>
    </aside>
  );
}

import { Star } from 'lucide-react';
import { strings } from '@/i18n/strings.ar';
import { formatCount, formatNumber, formatPercent } from '@/lib/format';
import { useRatingResults } from '../api/get-rating-results';
import { cn } from '@/lib/cn';
import { widthClass } from '@/lib/percent-class';

const ROWS = [5, 4, 3, 2, 1] as const;

/** How the ratings of a post spread over one to five stars (`rating-results`). */
export function RatingDistribution({ postId }: { postId: number }) {
  const results = useRatingResults(postId);
  if (results.isPending) {
    return (
      <div className="space-y-2" aria-hidden="true">
        {ROWS.map((n) => (
          <div key={n} className="h-3 animate-pulse rounded-full bg-slate-100" />
        ))}
      </div>
    );
  }
  if (results.isError) return null;
  const { distribution, totalVoting } = results.data;
  return (
    <dl aria-label={strings.votes.distribution} className="space-y-1.5">
      {ROWS.map((n) => {
        const count = distribution[String(n)] ?? 0;
        const share = totalVoting === 0 ? 0 : Math.round((count / totalVoting) * 1000) / 10;
        return (
          <div key={n} className="flex items-center gap-2.5 text-xs text-slate-600">
            <dt className="flex w-8 shrink-0 items-center gap-0.5 font-medium text-slate-700 tabular-nums">
              {formatNumber(n)}
              <Star className="size-3.5 fill-accent-400 text-accent-500" aria-hidden="true" />
              <span className="sr-only">{formatCount(n, strings.votes.stars)}</span>
            </dt>
            <dd className="flex flex-1 items-center gap-2.5">
              <span className="h-2 flex-1 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
                <span className={cn('block h-full rounded-full bg-accent-400', widthClass(share))} />
              </span>
              <span className="w-20 shrink-0 text-end tabular-nums">
                {formatPercent(share)} <span className="text-slate-500">({formatNumber(count)})</span>
              </span>
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

import { Star } from 'lucide-react';
import { useState } from 'react';
import { InlineStatus } from '@/components/ui/inline-status';
import { strings } from '@/i18n/strings.ar';
import { cn } from '@/lib/cn';
import { formatCount, formatDecimal } from '@/lib/format';
import type { VotablePost } from '../api/cast-vote';
import { useVoteAction } from './use-vote-action';

const STARS = [1, 2, 3, 4, 5] as const;

/**
 * Five star buttons. They show the viewer's own rating (a hovered star previews a new one); the average and the
 * number of ratings sit beside them. A rating can be changed at any time.
 */
export function StarRating({ post, size = 'md' }: { post: VotablePost; size?: 'md' | 'lg' }) {
  const { vote, status } = useVoteAction(post);
  const [hovered, setHovered] = useState<number | null>(null);
  const stats = post.votingStatistics;
  if (stats.type !== 'rating') return null;
  const shown = hovered ?? post.userVote ?? 0;
  const starSize = size === 'lg' ? 'size-8' : 'size-6.5';

  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
      <div
        role="group"
        aria-label={strings.votes.ratingGroup}
        className="-ms-1 flex items-center"
        onMouseLeave={() => {
          setHovered(null);
        }}
      >
        {STARS.map((n) => {
          const filled = n <= shown;
          return (
            <button
              key={n}
              type="button"
              aria-label={strings.votes.rate(n)}
              aria-pressed={post.userVote === n}
              onMouseEnter={() => {
                setHovered(n);
              }}
              onClick={() => {
                vote(n);
              }}
              className="rounded-full p-1 transition-transform hover:scale-110 focus-visible:outline-2 focus-visible:outline-brand-600 active:scale-95"
            >
              <Star
                className={cn(
                  starSize,
                  'transition-colors',
                  filled ? 'fill-accent-400 text-accent-500' : 'fill-transparent text-slate-300',
                )}
                aria-hidden="true"
              />
            </button>
          );
        })}
      </div>
      <p className="flex items-center gap-1.5 text-sm text-slate-600">
        <Star className="size-4 fill-accent-400 text-accent-500" aria-hidden="true" />
        <span className="sr-only">{strings.votes.average}:</span>
        <span className="font-bold text-slate-900 tabular-nums">{formatDecimal(stats.averageRating)}</span>
        <span aria-hidden="true">·</span>
        <span>{formatCount(stats.totalVoting, strings.counts.ratings)}</span>
        {post.userVote !== null ? (
          <span className="ms-1 rounded-full bg-accent-100 px-2 py-0.5 text-xs font-medium text-amber-900">
            {strings.votes.yourRating(post.userVote)}
          </span>
        ) : null}
      </p>
      <InlineStatus message={status} />
    </div>
  );
}

import { ThumbsDown, ThumbsUp } from 'lucide-react';
import { useId } from 'react';
import { InlineStatus } from '@/components/ui/inline-status';
import { strings } from '@/i18n/strings.ar';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';
import type { VotablePost } from '../api/cast-vote';
import { useVoteAction } from './use-vote-action';

const base =
  'inline-flex items-center gap-1.5 rounded-full font-semibold tabular-nums ring-1 transition-colors ring-inset select-none focus-visible:outline-2 focus-visible:outline-offset-2';

export function LikeDislikeVote({ post, size = 'md' }: { post: VotablePost; size?: 'md' | 'lg' }) {
  const { vote, status } = useVoteAction(post);
  const id = useId();
  const stats = post.votingStatistics;
  if (stats.type !== 'like-dislike') return null;
  const liked = post.userVote === 1;
  const disliked = post.userVote === -1;
  const sizing = size === 'lg' ? 'h-11 px-4 text-base' : 'h-9 px-3.5 text-sm';
  const icon = size === 'lg' ? 'size-5' : 'size-4.5';

  return (
    <div className="flex items-center gap-2">
      <button
        type="button"
        aria-label={strings.votes.like}
        aria-pressed={liked}
        aria-describedby={`${id}-up`}
        onClick={() => {
          vote(1);
        }}
        className={cn(
          base,
          sizing,
          liked
            ? 'bg-brand-solid text-white ring-brand-600 hover:bg-brand-strong'
            : 'bg-surface text-slate-700 ring-slate-200 hover:bg-brand-50 hover:text-brand-800 hover:ring-brand-200',
        )}
      >
        <ThumbsUp className={cn(icon, liked && 'fill-white/25')} aria-hidden="true" />
        <span id={`${id}-up`}>{formatNumber(stats.upVotes)}</span>
      </button>
      <button
        type="button"
        aria-label={strings.votes.dislike}
        aria-pressed={disliked}
        aria-describedby={`${id}-down`}
        onClick={() => {
          vote(-1);
        }}
        className={cn(
          base,
          sizing,
          disliked
            ? 'bg-rose-solid text-white ring-rose-600 hover:bg-rose-strong'
            : 'bg-surface text-slate-700 ring-slate-200 hover:bg-rose-50 hover:text-rose-800 hover:ring-rose-200',
        )}
      >
        <ThumbsDown className={cn(icon, disliked && 'fill-white/25')} aria-hidden="true" />
        <span id={`${id}-down`}>{formatNumber(stats.downVotes)}</span>
      </button>
      <InlineStatus message={status} />
    </div>
  );
}

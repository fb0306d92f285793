import { feedMsg as msg } from '@ray/shared/feed-messages.ar';
import type { PollResults } from '@ray/shared/schemas/post';
import { CheckCircle2 } from 'lucide-react';
import { pollRows, readPollOptions, type PollRow } from '@/entities/post/utils/poll';
import { isPollClosed, pollTimeLeft } from '@/entities/post/utils/poll-time';
import { useNow } from '@/hooks/use-now';
import { InlineStatus } from '@/components/ui/inline-status';
import { postTruthStrings } from '@/i18n/post-truth.ar';
import { strings } from '@/i18n/strings.ar';
import { cn } from '@/lib/cn';
import { formatCount, formatNumber, formatPercent } from '@/lib/format';
import type { VotablePost } from '../api/cast-vote';
import { useVoteAction } from './use-vote-action';
import { widthClass } from '@/lib/percent-class';

export interface PollVoteProps {
  post: VotablePost & { pollOptions: string | null; pollClosesAt?: string | null; pollClosed?: boolean };
  /** Server-computed results (the detail page); the post's own counts are used until they arrive. */
  results?: PollResults | undefined;
}

/**
 * Poll options as buttons. Once the viewer has voted (now or before) every option locks and shows its share
 * of the votes with a bar, the chosen one marked. A poll with an end says how long it has left; once ended,
 * it locks for everyone and shows its final results, to those who did not vote too.
 */
export function PollVote({ post, results }: PollVoteProps) {
  const { vote, isPending, status } = useVoteAction(post);
  const now = useNow();
  const closesAt = post.pollClosesAt ?? null;
  const closed = post.pollClosed === true || isPollClosed(closesAt, now);
  const timeLeft = closed ? postTruthStrings.poll.closed : pollTimeLeft(closesAt, now);
  const options = readPollOptions(post.pollOptions);
  if (!options) {
    return (
      <p role="alert" className="rounded-xl bg-red-50 px-3 py-2 text-sm text-red-800">
        {msg.pollParseError}
      </p>
    );
  }
  const rows: PollRow[] = results?.options ?? pollRows(options, post.votingStatistics);
  const total =
    results?.totalVotes ?? (post.votingStatistics.type === 'poll' ? post.votingStatistics.totalVotes : 0);
  const chosen = post.userVote ?? results?.userVote ?? null;
  const locked = chosen !== null || isPending || closed;
  const leading = Math.max(0, ...rows.map((row) => row.votes));

  return (
    <div className="space-y-2.5">
      <ul aria-label={strings.votes.pollGroup} className="space-y-2">
        {rows.map((row) => {
          const isChoice = chosen === row.index;
          const isLeading = locked && row.votes > 0 && row.votes === leading;
          return (
            <li key={row.index}>
              <button
                type="button"
                disabled={locked}
                onClick={() => {
                  vote(row.index);
                }}
                className={cn(
                  'relative flex min-h-11 w-full items-center overflow-hidden rounded-xl px-3.5 py-2 text-start text-sm ring-1 transition-colors ring-inset',
                  locked
                    ? 'cursor-default bg-slate-50 ring-slate-200 disabled:opacity-100'
                    : 'bg-surface font-medium text-slate-800 ring-slate-300 hover:bg-brand-50 hover:ring-brand-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
                  isChoice && 'ring-2 ring-brand-500',
                )}
              >
                {locked ? (
                  <span
                    aria-hidden="true"
                    className={cn(
                      'absolute inset-y-0 start-0 transition-[width] duration-500 ease-out',
                      isChoice ? 'bg-brand-100' : isLeading ? 'bg-slate-200/80' : 'bg-slate-200/50',
                      widthClass(row.percentage),
                    )}
                  />
                ) : null}
                <span className="relative flex w-full min-w-0 items-center justify-between gap-3">
                  <span className="flex min-w-0 items-center gap-1.5">
                    <span dir="auto" className={cn('min-w-0 break-words', locked && 'text-slate-800')}>
                      {row.text}
                    </span>
                    {isChoice ? (
                      <>
                        <CheckCircle2 className="size-4 shrink-0 text-brand-600" aria-hidden="true" />
                        <span className="sr-only">{strings.votes.yourChoice}</span>
                      </>
                    ) : null}
                  </span>
                  {locked ? (
                    <span className="shrink-0 text-xs text-slate-600 tabular-nums">
                      <span
                        className={cn('text-sm font-bold', isChoice ? 'text-brand-800' : 'text-slate-900')}
                      >
                        {formatPercent(row.percentage)}
                      </span>{' '}
                      ({row.votes === 0 ? formatNumber(0) : formatCount(row.votes, strings.counts.votes)})
                    </span>
                  ) : null}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <p className="text-xs text-slate-600">
          {formatCount(total, strings.counts.votes)}
          {timeLeft ? (
            <>
              {' · '}
              <span
                data-testid="poll-time-left"
                className={cn(closed && 'font-semibold text-slate-800')}
                suppressHydrationWarning
              >
                {timeLeft}
              </span>
            </>
          ) : null}
          {closed ? (
            <>
              {' · '}
              {postTruthStrings.poll.finalResults}
            </>
          ) : null}
          {locked ? null : (
            <>
              {' · '}
              {strings.votes.voteToSeeResults}
            </>
          )}
        </p>
        <InlineStatus message={status} />
      </div>
    </div>
  );
}

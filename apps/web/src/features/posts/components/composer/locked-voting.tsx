import { msg } from '@ray/shared/messages.ar';
import type { Post } from '@ray/shared/schemas/post';
import { BarChart3, Lock, Star, ThumbsUp, Timer } from 'lucide-react';
import { readPollOptions } from '@/entities/post/utils/poll';
import { isPollClosed, pollTimeLeft } from '@/entities/post/utils/poll-time';
import { postTruthFormStrings } from '@/i18n/post-truth-forms.ar';
import { formatDateTime } from '@/lib/format';
import { composerStrings } from '@/i18n/composer.ar';
import { strings } from '@/i18n/strings.ar';

const VOTING_ICONS = { 'like-dislike': ThumbsUp, rating: Star, poll: BarChart3 } as const;

/** When a poll ends, as the editor shows it: its end and the time left, when it ended, or that it has none. */
function pollEnd(closesAt: string | null): string {
  const now = Date.now();
  const left = pollTimeLeft(closesAt, now);
  if (closesAt === null || left === null) return postTruthFormStrings.poll.noEnd;
  const when = formatDateTime(closesAt);
  return isPollClosed(closesAt, now)
    ? postTruthFormStrings.poll.endedAt(when)
    : postTruthFormStrings.poll.endsAt(when, left);
}

/**
 * Voting type, poll options and a poll's end are fixed once published; the editor shows them, and does not edit
 * them.
 */
export function LockedVoting({
  id,
  post,
}: {
  id: string;
  post: Pick<Post, 'votingType' | 'pollOptions' | 'pollClosesAt'>;
}) {
  const Icon = VOTING_ICONS[post.votingType];
  const options = post.votingType === 'poll' ? readPollOptions(post.pollOptions) : null;
  return (
    <section aria-labelledby={`${id}-voting`} className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-100">
      <h2 id={`${id}-voting`} className="flex items-center gap-2 text-sm font-medium text-slate-800">
        <Lock className="size-4 text-slate-500" aria-hidden="true" />
        {composerStrings.composer.lockedVoting}
      </h2>
      <p className="mt-2 inline-flex items-center gap-1.5 rounded-full bg-surface px-3 py-1 text-sm font-semibold text-slate-800 ring-1 ring-slate-200">
        <Icon className="size-4 text-brand-600" aria-hidden="true" />
        {strings.posts.votingTypes[post.votingType]}
      </p>
      {post.votingType === 'poll' ? (
        options ? (
          <ol
            className="mt-3 list-inside list-decimal space-y-1 text-sm text-slate-700"
            aria-label={composerStrings.composer.pollOptions}
          >
            {options.map((option, index) => (
              <li key={index} dir="auto">
                {option}
              </li>
            ))}
          </ol>
        ) : (
          <p className="mt-3 text-sm text-red-700">{msg.pollParseError}</p>
        )
      ) : null}
      {post.votingType === 'poll' ? (
        <p className="mt-3 flex items-center gap-1.5 text-sm text-slate-700" data-testid="locked-poll-end">
          <Timer className="size-4 text-slate-500" aria-hidden="true" />
          {pollEnd(post.pollClosesAt)}
        </p>
      ) : null}
      <p className="mt-3 text-xs text-slate-600">{msg.votingTypeLocked}</p>
    </section>
  );
}

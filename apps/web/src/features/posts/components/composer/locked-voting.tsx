import { msg } from '@ray/shared/messages.ar';
import type { Post } from '@ray/shared/schemas/post';
import { BarChart3, Lock, Star, ThumbsUp } from 'lucide-react';
import { readPollOptions } from '@/entities/post/utils/poll';
import { composerStrings } from '@/i18n/composer.ar';
import { strings } from '@/i18n/strings.ar';

const VOTING_ICONS = { 'like-dislike': ThumbsUp, rating: Star, poll: BarChart3 } as const;

/** Voting type and poll options are fixed once published; the editor shows them, and does not edit them. */
export function LockedVoting({ id, post }: { id: string; post: Pick<Post, 'votingType' | 'pollOptions'> }) {
  const Icon = VOTING_ICONS[post.votingType];
  const options = post.votingType === 'poll' ? readPollOptions(post.pollOptions) : null;
  return (
    <section aria-labelledby={`${id}-voting`} className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-100">
      <h2 id={`${id}-voting`} className="flex items-center gap-2 text-sm font-medium text-slate-800">
        <Lock className="size-4 text-slate-500" aria-hidden="true" />
        {composerStrings.composer.lockedVoting}
      </h2>
      <p className="mt-2 inline-flex items-center gap-1.5 rounded-full bg-white px-3 py-1 text-sm font-semibold text-slate-800 ring-1 ring-slate-200">
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
      <p className="mt-3 text-xs text-slate-600">{msg.votingTypeLocked}</p>
    </section>
  );
}

import { VOTING_TYPES } from '@ray/shared/schemas/post';
import { BarChart3, Star, ThumbsUp, type LucideIcon } from 'lucide-react';
import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { composerStrings } from '@/i18n/composer.ar';
import { strings } from '@/i18n/strings.ar';
import { cn } from '@/lib/cn';

const ICONS: Record<(typeof VOTING_TYPES)[number], LucideIcon> = {
  'like-dislike': ThumbsUp,
  rating: Star,
  poll: BarChart3,
};

/**
 * The voting type as three radios: compact pills in the quick composer, cards with a line of explanation in the
 * full editor. Each radio is named by its title alone.
 */
export function VotingTypeField({
  registration,
  layout = 'pills',
}: {
  registration: UseFormRegisterReturn;
  layout?: 'pills' | 'cards';
}) {
  const id = useId();
  return (
    <fieldset>
      <legend className={layout === 'cards' ? 'mb-2 text-sm font-medium text-slate-800' : 'sr-only'}>
        {composerStrings.composer.votingType}
      </legend>
      <div className={layout === 'cards' ? 'grid gap-2.5 sm:grid-cols-3' : 'flex flex-wrap gap-2'}>
        {VOTING_TYPES.map((type) => {
          const Icon = ICONS[type];
          const titleId = `${id}-${type}-title`;
          const hintId = `${id}-${type}-hint`;
          return (
            <label
              key={type}
              className={cn(
                'relative cursor-pointer ring-1 ring-slate-200 transition-colors ring-inset hover:bg-slate-50',
                'has-[:checked]:bg-brand-50 has-[:checked]:text-brand-900 has-[:checked]:ring-2 has-[:checked]:ring-brand-500',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
                layout === 'cards'
                  ? 'flex items-start gap-3 rounded-xl p-3.5'
                  : 'inline-flex h-9 items-center gap-1.5 rounded-full px-3 text-sm font-medium text-slate-700',
              )}
            >
              <input
                type="radio"
                value={type}
                aria-labelledby={titleId}
                aria-describedby={layout === 'cards' ? hintId : undefined}
                className="sr-only"
                {...registration}
              />
              <Icon
                className={cn('shrink-0', layout === 'cards' ? 'mt-0.5 size-5 text-brand-600' : 'size-4')}
                aria-hidden="true"
              />
              {layout === 'cards' ? (
                <span className="min-w-0">
                  <span id={titleId} className="block text-sm font-semibold">
                    {strings.posts.votingTypes[type]}
                  </span>
                  <span id={hintId} className="mt-0.5 block text-xs leading-5 text-slate-600">
                    {strings.posts.votingTypeHints[type]}
                  </span>
                </span>
              ) : (
                <span id={titleId}>{strings.posts.votingTypes[type]}</span>
              )}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

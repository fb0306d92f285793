import { POLL_OPTION_MAX, POLL_OPTIONS_MAX, POLL_OPTIONS_MIN } from '@ray/shared/constants';
import { Plus, X } from 'lucide-react';
import { useId } from 'react';
import {
  useFieldArray,
  useWatch,
  type Control,
  type FieldErrors,
  type UseFormRegister,
  type UseFormTrigger,
} from 'react-hook-form';
import { inputClasses } from '@/components/ui/text-field';
import { composerStrings } from '@/i18n/composer.ar';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';
import { textDirection, type ComposerValues } from '../../utils/compose';

/** Two to ten option inputs; one can be removed only while more than two remain. */
export function PollOptionsField({
  control,
  register,
  trigger,
  errors,
  compact = false,
}: {
  control: Control<ComposerValues>;
  register: UseFormRegister<ComposerValues>;
  /** Re-checks the whole list once it was found wanting, so its message goes away as soon as it is fixed. */
  trigger: UseFormTrigger<ComposerValues>;
  errors: FieldErrors<ComposerValues>;
  compact?: boolean;
}) {
  const id = useId();
  const { fields, append, remove } = useFieldArray({ control, name: 'pollOptions' });
  const values = useWatch({ control, name: 'pollOptions' });
  const listError = errors.pollOptions?.message ?? errors.pollOptions?.root?.message;
  return (
    <fieldset aria-describedby={listError ? `${id}-error` : `${id}-hint`}>
      <legend className={cn('text-sm font-medium text-slate-800', compact ? 'mb-1.5' : 'mb-2')}>
        {composerStrings.composer.pollOptions}
      </legend>
      <ol className="space-y-2">
        {fields.map((field, index) => {
          const error = errors.pollOptions?.[index]?.value?.message;
          return (
            <li key={field.id}>
              <div className="flex items-center gap-2">
                <span
                  aria-hidden="true"
                  className="flex size-7 shrink-0 items-center justify-center rounded-full bg-slate-100 text-xs font-semibold text-slate-600"
                >
                  {formatNumber(index + 1)}
                </span>
                <input
                  aria-label={composerStrings.composer.pollOption(index + 1)}
                  placeholder={composerStrings.composer.pollOption(index + 1)}
                  dir={textDirection(values[index]?.value ?? '')}
                  maxLength={POLL_OPTION_MAX}
                  aria-invalid={error ? true : undefined}
                  className={cn(inputClasses(Boolean(error)), compact && 'h-10')}
                  {...register(`pollOptions.${index}.value`, {
                    onChange: () => {
                      if (listError) void trigger('pollOptions');
                    },
                  })}
                />
                {fields.length > POLL_OPTIONS_MIN ? (
                  <button
                    type="button"
                    aria-label={composerStrings.composer.removePollOption(index + 1)}
                    onClick={() => {
                      remove(index);
                    }}
                    className="flex size-9 shrink-0 items-center justify-center rounded-full text-slate-500 transition-colors hover:bg-red-50 hover:text-red-700"
                  >
                    <X className="size-4.5" aria-hidden="true" />
                  </button>
                ) : null}
              </div>
              {error ? <p className="ms-9 mt-1 text-sm text-red-700">{error}</p> : null}
            </li>
          );
        })}
      </ol>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
        <button
          type="button"
          disabled={fields.length >= POLL_OPTIONS_MAX}
          onClick={() => {
            append({ value: '' }, { shouldFocus: true });
          }}
          className="inline-flex h-9 items-center gap-1.5 rounded-full px-3 text-sm font-medium text-brand-700 transition-colors hover:bg-brand-50 disabled:pointer-events-none disabled:opacity-50"
        >
          <Plus className="size-4" aria-hidden="true" />
          {composerStrings.composer.addPollOption}
        </button>
        <span id={`${id}-hint`} className="text-xs text-slate-600">
          {composerStrings.composer.pollOptionsHint}
        </span>
      </div>
      {listError ? (
        <p id={`${id}-error`} role="alert" className="mt-1.5 text-sm text-red-700">
          {listError}
        </p>
      ) : null}
    </fieldset>
  );
}

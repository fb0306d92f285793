import { IMAGE_ALT_MAX } from '@ray/shared/constants';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FieldLabel } from '@/components/ui/text-field';
import { postTruthFormStrings } from '@/i18n/post-truth-forms.ar';
import { cn } from '@/lib/cn';
import { CharacterCounter } from './character-counter';

const text = postTruthFormStrings.image;

/**
 * «وصف الصورة» under the image preview: what screen readers say for the image, and what shows if it does not
 * load. Optional, up to 200 characters, with a counter.
 */
export function ImageAltField({
  id,
  registration,
  length,
  error,
}: {
  id: string;
  registration: UseFormRegisterReturn;
  length: number;
  error: string | undefined;
}) {
  const counterId = `${id}-counter`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className="mt-3">
      <FieldLabel
        htmlFor={id}
        aside={
          <CharacterCounter id={counterId} length={length} max={IMAGE_ALT_MAX} warnAt={IMAGE_ALT_MAX - 20} />
        }
      >
        {text.alt}
      </FieldLabel>
      <input
        id={id}
        type="text"
        dir="auto"
        autoComplete="off"
        placeholder={text.altPlaceholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${error ? `${errorId} ` : ''}${hintId} ${counterId}`}
        className={cn(
          'block h-11 w-full rounded-xl border bg-surface px-3.5 text-base text-slate-900 placeholder:text-slate-500 focus:ring-4 focus:outline-none sm:text-sm',
          error
            ? 'border-red-400 focus:border-red-500 focus:ring-red-100'
            : 'border-slate-300 hover:border-slate-400 focus:border-brand-500 focus:ring-brand-100',
        )}
        {...registration}
      />
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <p id={hintId} className="mt-1 text-xs text-slate-600">
        {text.altHint}
      </p>
    </div>
  );
}

import { msg } from '@ray/shared/messages.ar';
import { composerStrings } from '@/i18n/composer.ar';
import { cn } from '@/lib/cn';
import { formatCount, formatNumber } from '@/lib/format';

/**
 * "used/max" under a text box, amber with 'قارب على الحد الأقصى' from `warnAt` and red past `max`. Only the
 * warning is announced, not every keystroke.
 */
export function CharacterCounter({
  id,
  length,
  max,
  warnAt,
}: {
  id: string;
  length: number;
  max: number;
  warnAt?: number;
}) {
  const over = length > max;
  const near = !over && warnAt !== undefined && length >= warnAt;
  return (
    <span className="inline-flex items-center gap-2 text-xs">
      <span role="status" className={cn('font-medium', over ? 'text-red-700' : 'text-amber-800')}>
        {near || over ? msg.postNearLimit : null}
      </span>
      <span
        id={id}
        className={cn(
          'tabular-nums',
          over ? 'font-bold text-red-700' : near ? 'font-semibold text-amber-800' : 'text-slate-600',
        )}
      >
        <span aria-hidden="true">
          {formatNumber(length)}/{formatNumber(max)}
        </span>
        <span className="sr-only">
          {composerStrings.composer.counter(
            formatNumber(length),
            formatCount(max, composerStrings.composer.characters),
          )}
        </span>
      </span>
    </span>
  );
}

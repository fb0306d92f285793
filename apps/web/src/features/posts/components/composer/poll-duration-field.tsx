import { POLL_DURATIONS } from '@ray/shared/schemas/post';
import { Timer } from 'lucide-react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { postTruthFormStrings } from '@/i18n/post-truth-forms.ar';

const text = postTruthFormStrings.poll;

/** How long a new poll takes votes: an hour, a day, three days, a week, or open. It cannot change afterwards. */
export function PollDurationField({ id, registration }: { id: string; registration: UseFormRegisterReturn }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={id} className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-800">
        <Timer className="size-4 text-brand-600" aria-hidden="true" />
        {text.duration}
      </label>
      <select
        id={id}
        className="h-10 min-w-40 rounded-xl border border-slate-300 bg-surface px-3 text-sm text-slate-900 hover:border-slate-400 focus:border-brand-500 focus:ring-4 focus:ring-brand-100 focus:outline-none"
        {...registration}
      >
        {POLL_DURATIONS.map((duration) => (
          <option key={duration} value={duration}>
            {text.durations[duration]}
          </option>
        ))}
      </select>
    </div>
  );
}

import { ErrorState } from '@/components/page-states';
import { useSuggestions } from '@/entities/user/api/get-suggestions';
import { PersonRow } from '@/entities/user/components/person-row';
import { peopleStrings } from '@/i18n/people.ar';
import { cn } from '@/lib/cn';

const s = peopleStrings.suggestions;

/** People the signed-in user may follow, each with a follow button that works in place. */
export function SuggestedPeople({
  limit,
  bioLines = 2,
  className,
}: {
  limit: number;
  bioLines?: 0 | 1 | 2;
  className?: string;
}) {
  const suggestions = useSuggestions(limit);
  if (suggestions.isPending) {
    return (
      <ul aria-busy="true" aria-label={s.title} className={cn('space-y-3 py-2', className)}>
        {Array.from({ length: Math.min(limit, 3) }, (_, index) => (
          <li key={index} className="flex animate-pulse items-center gap-3">
            <span className="size-10 rounded-full bg-slate-200" />
            <span className="flex-1 space-y-2">
              <span className="block h-3 w-32 rounded-full bg-slate-200" />
              <span className="block h-3 w-20 rounded-full bg-slate-100" />
            </span>
          </li>
        ))}
      </ul>
    );
  }
  if (suggestions.isError) {
    return (
      <ErrorState
        title={s.loadFailed}
        onRetry={() => void suggestions.refetch()}
        retrying={suggestions.isRefetching}
      />
    );
  }
  if (suggestions.data.length === 0) {
    return <p className={cn('py-3 text-sm text-slate-600', className)}>{s.none}</p>;
  }
  return (
    <ul aria-label={s.title} className={cn('divide-y divide-slate-100', className)}>
      {suggestions.data.map((person) => (
        <li key={person.userId} data-testid="suggested-person">
          <PersonRow person={person} bioLines={bioLines} />
        </li>
      ))}
    </ul>
  );
}

import { SEARCH_SORTS, type SearchSort } from '@ray/shared/schemas/search';
import { SlidersHorizontal, X } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/text-field';
import { discoveryStrings } from '@/i18n/discovery.ar';
import type { SearchState } from '../utils/search-params';

const s = discoveryStrings.search;

/** Tag and sort filters; the page keeps them in the URL. */
export function SearchFilters({
  state,
  hashtags,
  onChange,
  onClear,
  canClear,
}: {
  state: SearchState;
  hashtags: string[];
  onChange: (change: { hashtag?: string; sortBy?: SearchSort }) => void;
  onClear: () => void;
  canClear: boolean;
}) {
  const id = useId();
  // A tag from a shared link stays selectable even when it is no longer trending.
  const options =
    state.hashtag && !hashtags.includes(state.hashtag) ? [state.hashtag, ...hashtags] : hashtags;

  return (
    <fieldset className="rounded-2xl bg-surface p-4 shadow-card ring-1 ring-slate-200/80">
      <legend className="sr-only">{s.filters}</legend>
      <div className="flex flex-wrap items-end gap-3">
        <p
          aria-hidden="true"
          className="flex items-center gap-1.5 self-center text-sm font-semibold text-slate-700"
        >
          <SlidersHorizontal className="size-4" />
          {s.filters}
        </p>
        <div className="min-w-36 flex-1">
          <label htmlFor={`${id}-tag`} className="mb-1 block text-xs font-medium text-slate-600">
            {s.hashtag}
          </label>
          <select
            id={`${id}-tag`}
            value={state.hashtag}
            onChange={(event) => {
              onChange({ hashtag: event.target.value });
            }}
            className={inputClasses(false)}
          >
            <option value="">{discoveryStrings.allTags}</option>
            {options.map((name) => (
              <option key={name} value={name}>
                #{name}
              </option>
            ))}
          </select>
        </div>
        <div className="min-w-36 flex-1">
          <label htmlFor={`${id}-sort`} className="mb-1 block text-xs font-medium text-slate-600">
            {s.sort}
          </label>
          <select
            id={`${id}-sort`}
            value={state.sortBy}
            onChange={(event) => {
              onChange({ sortBy: event.target.value as SearchSort });
            }}
            className={inputClasses(false)}
          >
            {SEARCH_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {s.sorts[sort]}
              </option>
            ))}
          </select>
        </div>
        <Button variant="ghost" onClick={onClear} disabled={!canClear}>
          <X className="size-4" aria-hidden="true" />
          {s.clearFilters}
        </Button>
      </div>
    </fieldset>
  );
}

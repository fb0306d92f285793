import { SEARCH_SORTS, type SearchSort } from '@ray/shared/schemas/search';

/** What the results show (the specification's `/search?type=`): posts by default and for any unknown value. */
export const SEARCH_TYPES = ['posts', 'users', 'hashtags'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

export interface SearchState {
  query: string;
  hashtag: string;
  sortBy: SearchSort;
  type: SearchType;
}

export const readSearchType = (value: string | null): SearchType =>
  (SEARCH_TYPES as readonly (string | null)[]).includes(value) ? (value as SearchType) : 'posts';

const isSort = (value: string | null): value is SearchSort =>
  value !== null && (SEARCH_SORTS as readonly string[]).includes(value);

/** The search page's state from its URL: `query` or the header's `q`, a tag filter, a sort (relevance) and `type`. */
export function readSearchParams(params: URLSearchParams): SearchState {
  const query = (params.get('query') ?? '').trim() || (params.get('q') ?? '').trim();
  const hashtag = (params.get('hashtag') ?? '').trim().replace(/^#+/, '');
  const sortBy = params.get('sortBy');
  return {
    query,
    hashtag,
    sortBy: isSort(sortBy) ? sortBy : 'relevance',
    type: readSearchType(params.get('type')),
  };
}

/**
 * The URL for a state: one `q` for the text, defaults left out so shared links stay short. `type` is written when
 * the state sets it (a tab was chosen) and kept, in its canonical form, when the URL had it.
 */
export function writeSearchParams(state: Partial<SearchState>, current: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(current);
  const merged = { ...readSearchParams(current), ...state };
  next.delete('query');
  next.delete('q');
  next.delete('hashtag');
  next.delete('sortBy');
  if (merged.query) next.set('q', merged.query);
  if (merged.hashtag) next.set('hashtag', merged.hashtag);
  if (merged.sortBy !== 'relevance') next.set('sortBy', merged.sortBy);
  if (state.type !== undefined || current.has('type')) next.set('type', merged.type);
  return next;
}

export const hasFilters = (state: SearchState): boolean =>
  state.hashtag !== '' || state.sortBy !== 'relevance';

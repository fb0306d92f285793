import { SEARCH_SORTS, type SearchSort } from '@ray/shared/schemas/search';

export interface SearchState {
  query: string;
  hashtag: string;
  sortBy: SearchSort;
}

const isSort = (value: string | null): value is SearchSort =>
  value !== null && (SEARCH_SORTS as readonly string[]).includes(value);

/** The search page's state from its URL: `query` or the header's `q`, a tag filter and a sort (relevance). */
export function readSearchParams(params: URLSearchParams): SearchState {
  const query = (params.get('query') ?? '').trim() || (params.get('q') ?? '').trim();
  const hashtag = (params.get('hashtag') ?? '').trim().replace(/^#+/, '');
  const sortBy = params.get('sortBy');
  return { query, hashtag, sortBy: isSort(sortBy) ? sortBy : 'relevance' };
}

/** The URL for a state: one `q` for the text, defaults left out so shared links stay short. */
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
  return next;
}

export const hasFilters = (state: SearchState): boolean =>
  state.hashtag !== '' || state.sortBy !== 'relevance';

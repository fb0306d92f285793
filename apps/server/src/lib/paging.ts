import type { Paged } from '@ray/shared/schemas/common';
import { offsetForPage } from './cursor';

export interface PagePosition<K> {
  /** The key of the last item already shown, when the client pages with `cursor`. */
  after: K | undefined;
  /** Bounded offset for clients that still page with `page`. */
  offset: number;
  /** The page number reported back: 0 when paging with a cursor, like the posts feeds. */
  page: number;
}

export function pagePosition<K>(
  query: { cursor?: string | undefined; page: number; pageSize: number },
  decode: (cursor: string) => K,
): PagePosition<K> {
  if (query.cursor) return { after: decode(query.cursor), offset: 0, page: 0 };
  return { after: undefined, offset: offsetForPage(query.page, query.pageSize), page: query.page };
}

/** Builds a page from `pageSize + 1` rows: the extra row only says that another page exists. */
export function toPage<R, T>(
  rows: R[],
  position: PagePosition<unknown>,
  pageSize: number,
  totalCount: number,
  map: (row: R) => T,
  cursorOf: (row: R) => string,
): Paged<T> {
  const hasNextPage = rows.length > pageSize;
  const shown = rows.slice(0, pageSize);
  const last = shown.at(-1);
  return {
    items: shown.map(map),
    pagination: {
      page: position.page,
      pageSize,
      hasNextPage,
      totalCount,
      nextCursor: hasNextPage && last !== undefined ? cursorOf(last) : null,
    },
  };
}

import { TRENDING_DAYS_DEFAULT } from '@ray/shared/constants';
import type { QueryClient } from '@tanstack/react-query';
import { matchPath, type Params } from 'react-router';
import { appConfigQueryOptions } from '@/lib/app-config';
import { commentsInfiniteQueryOptions } from '@/features/comments/api/get-comments';
import { trendingHashtagsQueryOptions } from '@/entities/hashtag/api/get-trending-hashtags';
import { hashtagPostsInfiniteQueryOptions } from '@/features/hashtags/api/get-hashtag-posts';
import { readHashtagParam, readHashtagSort } from '@/features/hashtags/utils/hashtag-pages';
import { postQueryOptions } from '@/entities/post/api/get-post';
import { postsInfiniteQueryOptions } from '@/entities/post/api/get-posts';
import { profileQueryOptions } from '@/features/profile/api/get-profile';
import { trendingPostsInfiniteQueryOptions } from '@/features/trends/api/get-trending-posts';
import { readTrendsParams } from '@/features/trends/utils/trends-params';

type Loader = (client: QueryClient, params: Params, search: URLSearchParams) => Promise<unknown>[];
/** The query parameters a page reads, in the form it reads them; the page is the same whatever the others. */
type Reads = (search: URLSearchParams) => Record<string, string>;

const none: Loader = () => [];

/**
 * The public pages rendered on the server, each with the queries its first screen shows, fetched through the
 * same query options the page's components use, so the browser starts from the very answers it would ask for,
 * and the query parameters it reads (none unless `reads` says). Pages that need a session (and guest-only
 * forms) render only in the browser. Ads are not among them: each page view's ads are planned for its own
 * reader in the browser (`GET /api/ads/plan`), and this HTML is shared by every visitor.
 */
const PAGES: { path: string; load: Loader; reads?: Reads }[] = [
  {
    path: '/',
    load: (client) => [client.infiniteQuery(postsInfiniteQueryOptions({}))],
  },
  {
    path: '/posts/:postId',
    load: (client, params) => {
      const id = Number(params.postId);
      if (!Number.isSafeInteger(id) || id <= 0) return [];
      return [client.query(postQueryOptions(id)), client.infiniteQuery(commentsInfiniteQueryOptions(id))];
    },
  },
  {
    path: '/trends',
    reads: (search) => {
      const { days, tag } = readTrendsParams(search);
      return {
        ...(days === TRENDING_DAYS_DEFAULT ? {} : { days: String(days) }),
        ...(tag ? { hashtag: tag } : {}),
      };
    },
    load: (client, _params, search) => {
      const { days, tag } = readTrendsParams(search);
      return [
        client.query(trendingHashtagsQueryOptions({ days })),
        client.infiniteQuery(trendingPostsInfiniteQueryOptions({ days, hashtag: tag || undefined })),
      ];
    },
  },
  {
    path: '/wasm/:hashtagName',
    reads: (search): Record<string, string> => {
      const sortBy = readHashtagSort(search.get('sortBy'));
      return sortBy === readHashtagSort(null) ? {} : { sortBy };
    },
    load: (client, params, search) => {
      const name = readHashtagParam(params.hashtagName);
      if (!name) return [];
      const sortBy = readHashtagSort(search.get('sortBy'));
      return [client.infiniteQuery(hashtagPostsInfiniteQueryOptions({ name, sortBy }))];
    },
  },
  {
    path: '/profile/:userId',
    load: (client, params) => {
      const userId = params.userId ?? '';
      // The profile's posts are asked for by the id the profile answers with, so they follow it.
      return [
        client
          .query(profileQueryOptions(userId))
          .then((found) => client.infiniteQuery(postsInfiniteQueryOptions({ userId: found.userId }))),
      ];
    },
  },
  { path: '/about', load: none },
  { path: '/privacy', load: none },
  { path: '/faq', load: none },
  { path: '/contact', load: none },
];

/**
 * The address the page at `url` (path and query) is rendered and cached under: its path with only the query
 * parameters the page reads, sorted, in their canonical form. Null when the page is not rendered on the server.
 */
export function pageAddress(url: URL): string | null {
  const page = PAGES.find((candidate) => matchPath(candidate.path, url.pathname));
  if (!page) return null;
  const search = new URLSearchParams(page.reads?.(url.searchParams) ?? {});
  search.sort();
  const query = search.toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}

/**
 * Fills `client` with what the page at `url` shows first; false when the page is not rendered on the server.
 * A query that fails is simply left out: the browser asks again, and shows its own error state if it must.
 */
export async function loadPageData(client: QueryClient, url: URL): Promise<boolean> {
  for (const page of PAGES) {
    const match = matchPath(page.path, url.pathname);
    if (!match) continue;
    await Promise.allSettled([
      client.query(appConfigQueryOptions()),
      ...page.load(client, match.params, url.searchParams),
    ]);
    return true;
  }
  return false;
}

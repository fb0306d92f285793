import type { PostListParams } from '@/entities/post/api/post-keys';

export const FEED_TABS = ['all', 'following'] as const;
export type FeedTab = (typeof FEED_TABS)[number];

/** The address parameter that keeps the chosen tab across a reload: `/?feed=following`. */
export const FEED_PARAM = 'feed';

/** The tab the address asks for; visitors only ever have «للجميع», whatever the address says. */
export function readFeedTab(params: URLSearchParams, signedIn: boolean): FeedTab {
  return signedIn && params.get(FEED_PARAM) === 'following' ? 'following' : 'all';
}

/** The address parameters for a tab, other parameters kept; «للجميع» is the plain address. */
export function writeFeedTab(tab: FeedTab, params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  if (tab === 'following') next.set(FEED_PARAM, 'following');
  else next.delete(FEED_PARAM);
  return next;
}

/** The posts list each tab reads. */
export function feedParamsOf(tab: FeedTab): PostListParams {
  return tab === 'following' ? { pageType: 'Following' } : {};
}

import { AD_BLOCKED_PATHS, type AdPlacement } from '@ray/shared/constants';

/**
 * Sign-in and registration pages never show ads (spec section 9), nor does the admin area: an admin managing
 * ads would otherwise count impressions of their own, and its tables want the sidebar's room.
 */
export function isAdBlockedPath(pathname: string): boolean {
  const path = (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname).toLowerCase();
  return (
    (AD_BLOCKED_PATHS as readonly string[]).includes(path) || path === '/admin' || path.startsWith('/admin/')
  );
}

/** The layouts whose ad slots differ: the wide one has the sidebar, the narrow one the phone's top slot. */
export type AdLayout = 'wide' | 'medium' | 'narrow';

/** Pages whose list of posts carries ads between posts (`PostFeed`). */
const FEED_PAGES = [/^\/$/, /^\/my-posts$/, /^\/bookmarks$/, /^\/profile\/[^/]+$/];

/**
 * The placements a page shows in a layout, most important first, for the page view's plan. In the wide layout
 * the sidebar's ad stays in view all along, so it is the only one asked for; in the medium one the top of the
 * page comes first, then the post page's slot or the ads between posts, and the footer last. A phone opens on
 * the page itself: its slot comes at the end of the page (`Mobile`), right after the content, and is asked for
 * only on a page with no slot of its own, like the footer, so that it never shares a screen with another ad.
 */
export function pageAdPlacements(pathname: string, layout: AdLayout): AdPlacement[] {
  if (layout === 'wide') return ['Sidebar'];
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const own: AdPlacement[] = /^\/posts\/[^/]+$/.test(path)
    ? ['PostDetail']
    : FEED_PAGES.some((page) => page.test(path))
      ? ['BetweenPosts']
      : [];
  if (layout === 'narrow') return own.length > 0 ? [...own, 'Footer'] : ['Mobile', 'Footer'];
  return ['Header', ...own, 'Footer'];
}

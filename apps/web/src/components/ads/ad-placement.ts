import { AD_BLOCKED_PATHS } from '@ray/shared/constants';

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

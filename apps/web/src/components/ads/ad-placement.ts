import { AD_BLOCKED_PATHS } from '@ray/shared/constants';

/** Sign-in and registration pages never show ads (spec section 9). */
export function isAdBlockedPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (AD_BLOCKED_PATHS as readonly string[]).includes(path.toLowerCase());
}

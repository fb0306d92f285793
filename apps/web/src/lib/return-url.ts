import { STORAGE_KEYS } from '@ray/shared/constants';
import { browserStorage } from './credentials';

const SIGN_IN_PATHS = [
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  '/auth',
];

/** Only same-site paths that are not sign-in pages themselves, so a crafted link cannot redirect elsewhere. */
export function safeReturnPath(value: unknown): string | null {
  if (
    typeof value !== 'string' ||
    !value.startsWith('/') ||
    value.startsWith('//') ||
    value.startsWith('/\\')
  ) {
    return null;
  }
  const path = value.split(/[?#]/)[0] ?? '';
  if (SIGN_IN_PATHS.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) return null;
  return value;
}

export function rememberReturnUrl(path: string): void {
  const safe = safeReturnPath(path);
  if (safe) browserStorage()?.setItem(STORAGE_KEYS.returnUrl, safe);
}

export function readReturnUrl(): string | null {
  return safeReturnPath(browserStorage()?.getItem(STORAGE_KEYS.returnUrl));
}

export function clearReturnUrl(): void {
  browserStorage()?.removeItem(STORAGE_KEYS.returnUrl);
}

/** The origin a guard or a login link put in the navigation state (`{ from }`), if it is safe to go back to. */
export function returnPathFromState(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('from' in state)) return null;
  return safeReturnPath(state.from);
}

/** Navigation state that carries a safe origin on to the next sign-in page, or none. */
export function returnState(state: unknown): { from: string } | undefined {
  const from = returnPathFromState(state);
  return from ? { from } : undefined;
}

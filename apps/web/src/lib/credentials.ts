import { STORAGE_KEYS } from '@ray/shared/constants';

/**
 * The raw credential keys of spec section 3. The HTTP client reads them directly so it never depends on the
 * React state layer; the auth store writes them alongside its own persisted copy.
 */

export interface Credentials {
  token: string;
  refreshToken: string | null;
  userId: string | null;
}

export function browserStorage(): Storage | null {
  try {
    return globalThis.localStorage;
  } catch {
    // Storage can be disabled (privacy modes); the app then behaves as signed out.
    return null;
  }
}

export function readAccessToken(): string | null {
  return browserStorage()?.getItem(STORAGE_KEYS.authToken) ?? null;
}

export function readRefreshToken(): string | null {
  return browserStorage()?.getItem(STORAGE_KEYS.refreshToken) ?? null;
}

export function readUserId(): string | null {
  return browserStorage()?.getItem(STORAGE_KEYS.userId) ?? null;
}

export function saveCredentials(credentials: Credentials): void {
  const store = browserStorage();
  if (!store) return;
  store.setItem(STORAGE_KEYS.authToken, credentials.token);
  if (credentials.refreshToken) store.setItem(STORAGE_KEYS.refreshToken, credentials.refreshToken);
  else store.removeItem(STORAGE_KEYS.refreshToken);
  if (credentials.userId) store.setItem(STORAGE_KEYS.userId, credentials.userId);
  else store.removeItem(STORAGE_KEYS.userId);
}

export function clearCredentials(): void {
  const store = browserStorage();
  if (!store) return;
  store.removeItem(STORAGE_KEYS.authToken);
  store.removeItem(STORAGE_KEYS.refreshToken);
  store.removeItem(STORAGE_KEYS.userId);
}

import type { AuthResponse } from '@ray/shared/schemas/auth';
import type { CurrentUser } from '@ray/shared/schemas/user';
import { ApiError, api, identityApi, renewAccessToken } from './api-client';
import { useAuthStore } from './auth-store';
import { readAccessToken, readRefreshToken, saveCredentials } from './credentials';
import { forgetOfflineCopies } from './offline-copies';
import { clearUserQueries } from './query-client';
import { isAccessTokenValid } from './token';

export type SignedInAuth = Pick<AuthResponse, 'refreshToken' | 'userId' | 'user'> & { token: string };

/** Narrows an identity answer to one that actually signed the user in (success and a token). */
export function isSignedIn(auth: AuthResponse): auth is AuthResponse & { token: string } {
  return auth.success && typeof auth.token === 'string' && auth.token.length > 0;
}

export function fetchCurrentUser(
  options: { signal?: AbortSignal; redirectOnAuthFailure?: boolean } = {},
): Promise<CurrentUser> {
  return api.get<CurrentUser>('/api/users/profile', options);
}

/**
 * Loads the signed-in user's profile again: after a write refused because of a suspension, and when the
 * moderation team's notice (a suspension, or its end) arrives in real time, so an open page shows it without a
 * reload.
 */
export function reloadCurrentUser(): void {
  fetchCurrentUser({ redirectOnAuthFailure: false }).then(
    (user) => {
      useAuthStore.getState().setUser(user);
    },
    () => undefined,
  );
}

/**
 * Stores the credentials of a successful login or registration, then loads the profile. A profile that fails
 * to load leaves the user signed in without one (spec section 4).
 */
export async function completeSignIn(auth: SignedInAuth): Promise<void> {
  const credentials = {
    token: auth.token,
    refreshToken: auth.refreshToken ?? null,
    userId: auth.userId ?? auth.user?.userId ?? null,
  };
  // The profile call needs the bearer token, so storage is written before the store flips to signed in.
  saveCredentials(credentials);
  clearUserQueries();
  let user: CurrentUser | null;
  try {
    user = await fetchCurrentUser({ redirectOnAuthFailure: false });
  } catch {
    user = auth.user ?? null;
  }
  useAuthStore.getState().signIn(credentials, user);
}

let started: Promise<void> | null = null;

/**
 * Start-up status check (spec section 4): validate the stored token, then load the profile; an invalid token or
 * a profile the server refuses clears the session. An access token that merely expired is renewed first with
 * the refresh token, since access tokens live minutes and the session is meant to outlive them. A network
 * failure keeps the stored session: being offline is not a reason to sign someone out.
 */
export function initializeSession(): Promise<void> {
  started ??= (async () => {
    const store = useAuthStore.getState();
    let token = readAccessToken();
    if (!token) {
      if (store.isAuthenticated || store.token) store.clearSession();
      store.finishLoading();
      return;
    }
    if (!isAccessTokenValid(token)) {
      token = await renewAccessToken();
      if (!token) {
        store.clearSession();
        return;
      }
    }
    try {
      const user = await fetchCurrentUser({ redirectOnAuthFailure: false });
      useAuthStore
        .getState()
        .signIn(
          { token: readAccessToken() ?? token, refreshToken: readRefreshToken(), userId: user.userId },
          user,
        );
    } catch (error) {
      if (error instanceof ApiError && error.isNetworkError && useAuthStore.getState().isAuthenticated) {
        useAuthStore.getState().finishLoading();
        return;
      }
      useAuthStore.getState().clearSession();
    }
  })();
  return started;
}

/**
 * Logout of spec section 4: forget everything locally first, so no request still in flight can see the revoked
 * session and bounce the page to /login, then tell the server with the captured tokens, ignoring its answer.
 */
export async function signOut(): Promise<void> {
  const token = readAccessToken();
  const refreshToken = readRefreshToken();
  const liveToken = token !== null && isAccessTokenValid(token) ? token : null;
  useAuthStore.getState().clearSession({ loggedOut: true });
  clearUserQueries();
  // The pages and answers kept for reading offline go too: the next person on this device sees none of them.
  await forgetOfflineCopies();
  // This device stops receiving the account's pushes, on the server while the captured token still opens it:
  // the logout below ends the session it belongs to.
  await import('./push-device').then((device) => device.forgetPushDevice(liveToken)).catch(() => undefined);
  try {
    await identityApi.post(
      '/api/account/logout',
      refreshToken ? { refreshToken } : {},
      // An expired bearer would be refused before the server reads the refresh token it should revoke.
      liveToken !== null ? { bearer: liveToken } : { auth: false },
    );
  } catch {
    // The local session ends whatever the server says.
  }
}

import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { STORAGE_KEYS } from '@ray/shared/constants';
import type { CurrentUser } from '@ray/shared/schemas/user';
import { clearCredentials, saveCredentials, type Credentials } from './credentials';

export interface AuthState {
  user: CurrentUser | null;
  isAuthenticated: boolean;
  /** True until the start-up status check has decided whether the stored session still holds. */
  isLoading: boolean;
  token: string | null;
  userId: string | null;
  /** The session ended because the user logged out (not persisted): protected pages then lead home, not to /login. */
  loggedOut: boolean;
}

interface AuthActions {
  signIn: (credentials: Credentials, user: CurrentUser | null) => void;
  setToken: (token: string, userId: string | null) => void;
  setUser: (user: CurrentUser) => void;
  finishLoading: () => void;
  clearSession: (options?: { loggedOut?: boolean }) => void;
}

export type AuthStore = AuthState & AuthActions;

const signedOut = {
  user: null,
  isAuthenticated: false,
  token: null,
  userId: null,
  loggedOut: false,
} satisfies Partial<AuthState>;

export const useAuthStore = create<AuthStore>()(
  persist(
    (set) => ({
      ...signedOut,
      isLoading: true,

      signIn: (credentials, user) => {
        saveCredentials(credentials);
        set({
          token: credentials.token,
          userId: credentials.userId,
          user,
          isAuthenticated: true,
          isLoading: false,
          loggedOut: false,
        });
      },

      setToken: (token, userId) => {
        set((state) => ({ token, userId: userId ?? state.userId }));
      },

      setUser: (user) => {
        set({ user, userId: user.userId });
      },

      finishLoading: () => {
        set({ isLoading: false });
      },

      clearSession: (options) => {
        clearCredentials();
        set({ ...signedOut, isLoading: false, loggedOut: options?.loggedOut ?? false });
      },
    }),
    {
      name: STORAGE_KEYS.authStore,
      partialize: (state) => ({
        token: state.token,
        userId: state.userId,
        isAuthenticated: state.isAuthenticated,
        user: state.user,
      }),
    },
  ),
);

/** Display name of the signed-in user, falling back to the username when the names are empty. */
export function displayName(user: Pick<CurrentUser, 'firstName' | 'lastName' | 'username'>): string {
  const full = `${user.firstName} ${user.lastName}`.trim();
  return full.length > 0 ? full : user.username;
}

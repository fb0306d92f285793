import { ApiError } from '@/lib/api-client';
import { useAuthStore } from '@/lib/auth-store';
import { queryClient } from '@/lib/query-client';
import { fetchCurrentUser } from '@/lib/session';

/**
 * A write refused because a moderator suspended the user (ACCOUNT_SUSPENDED): their profile is loaded again,
 * so that every composer and comment box shows the suspension and its end from then on, not only that toast.
 */
export function registerSuspensionHandlers(): void {
  queryClient.getMutationCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'error') return;
    const error: unknown = event.action.error;
    if (!(error instanceof ApiError) || error.code !== 'ACCOUNT_SUSPENDED') return;
    reloadCurrentUser();
  });
}

/**
 * Loads the signed-in user's profile again: after a refused write, and when the moderation team's notice
 * (a suspension, or its end) arrives in real time, so an open page shows it without a reload.
 */
export function reloadCurrentUser(): void {
  fetchCurrentUser({ redirectOnAuthFailure: false }).then(
    (user) => {
      useAuthStore.getState().setUser(user);
    },
    () => undefined,
  );
}

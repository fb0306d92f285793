import { ApiError } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { reloadCurrentUser } from '@/lib/session';

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

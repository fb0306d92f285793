import { MutationCache, QueryClient } from '@tanstack/react-query';
import { QUERY_GC_MS, QUERY_RETRY, QUERY_STALE_MS } from '@ray/shared/constants';
import { track } from './analytics';
import { ApiError } from './api-client';
import { appConfigKeys } from './app-config';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** Data that does not belong to the signed-in user (runtime config) and survives a logout. */
      keepOnSignOut?: boolean;
    };
  }
}

/**
 * An answer saying maintenance began reads the configuration again, so the page in front of the user turns into
 * the maintenance page instead of a string of failures.
 */
function noticeMaintenance(error: unknown): boolean {
  const maintenance = error instanceof ApiError && error.code === 'MAINTENANCE';
  if (maintenance) void queryClient.invalidateQueries({ queryKey: appConfigKeys.all });
  return maintenance;
}

/**
 * A client error will answer the same the second time; only network trouble and 5xx are worth a retry, and
 * maintenance, which lasts longer than any retry, is not.
 */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (noticeMaintenance(error)) return false;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < QUERY_RETRY;
}

export const queryClient = new QueryClient({
  // Every failed write is counted here, whichever toast its own hook shows.
  mutationCache: new MutationCache({
    onError: (error) => {
      noticeMaintenance(error);
      track('error', {
        kind: 'mutation',
        status: error instanceof ApiError ? error.status : null,
        code: error instanceof ApiError ? error.code : error.name,
      });
    },
  }),
  defaultOptions: {
    queries: { staleTime: QUERY_STALE_MS, gcTime: QUERY_GC_MS, retry: shouldRetry },
    mutations: { retry: false },
  },
});

/** Drops every cached answer that was fetched on behalf of the previous user. */
export function clearUserQueries(): void {
  queryClient.removeQueries({ predicate: (query) => query.meta?.keepOnSignOut !== true });
}

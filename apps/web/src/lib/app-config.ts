import { queryOptions } from '@tanstack/react-query';
import type { AppConfig } from '@ray/shared/schemas/config';
import { api } from '@/lib/api-client';

export const appConfigKeys = {
  all: ['app-config'] as const,
};

export function getAppConfig(signal?: AbortSignal): Promise<AppConfig> {
  // Public and read before the session check, so a stale bearer token must not be sent with it.
  return api.get<AppConfig>('/api/config', { auth: false, ...(signal ? { signal } : {}) });
}

export const appConfigQueryOptions = () =>
  queryOptions({
    queryKey: appConfigKeys.all,
    queryFn: ({ signal }) => getAppConfig(signal),
    // When the config cannot be read the app simply runs; it must not hold the first screen for a retry.
    retry: false,
    meta: { keepOnSignOut: true },
  });

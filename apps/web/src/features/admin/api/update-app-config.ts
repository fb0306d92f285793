import type { AppConfig, updateAppConfigSchema } from '@ray/shared/schemas/config';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { appConfigKeys } from '@/lib/app-config';

export type AppConfigChanges = z.input<typeof updateAppConfigSchema>;

/** `PUT /api/config`: switches maintenance on or off and sets its message (admins). */
export function updateAppConfig(changes: AppConfigChanges): Promise<AppConfig> {
  return api.put<AppConfig>('/api/config', changes);
}

/**
 * Saves the configuration and puts the server's copy in the cache the app gate reads, so this tab shows the
 * banner (or drops it) at once rather than at the next poll.
 */
export function useUpdateAppConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAppConfig,
    onSuccess: (config) => {
      queryClient.setQueryData(appConfigKeys.all, config);
    },
  });
}

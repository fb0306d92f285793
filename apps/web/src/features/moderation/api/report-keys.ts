/** Every moderation query lives under `reportKeys.all`, so one invalidation refreshes queue, stats and details. */
export const reportKeys = {
  all: ['reports'] as const,
  lists: () => [...reportKeys.all, 'list'] as const,
  list: (status: number) => [...reportKeys.lists(), status] as const,
  detail: (id: number) => [...reportKeys.all, 'detail', id] as const,
  stats: () => [...reportKeys.all, 'stats'] as const,
};

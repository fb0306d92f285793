import type { AnalyticsDaily } from '@ray/shared/schemas/analytics';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminAnalyticsKeys } from './admin-keys';

/** `GET /api/admin/analytics/daily?days=` */
export function getDailyAnalytics(days: number, signal?: AbortSignal): Promise<AnalyticsDaily> {
  return api.get<AnalyticsDaily>('/api/admin/analytics/daily', {
    query: { days },
    ...(signal ? { signal } : {}),
  });
}

export const dailyAnalyticsQueryOptions = (days: number) =>
  queryOptions({
    queryKey: adminAnalyticsKeys.daily(days),
    queryFn: ({ signal }) => getDailyAnalytics(days, signal),
    staleTime: 0,
  });

export function useDailyAnalytics(days: number) {
  // Switching period keeps the previous numbers on screen until the new ones arrive.
  return useQuery({ ...dailyAnalyticsQueryOptions(days), placeholderData: keepPreviousData });
}

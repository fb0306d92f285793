import type { ReportStats } from '@ray/shared/schemas/report';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { reportKeys } from './report-keys';

export function getReportStats(signal?: AbortSignal): Promise<ReportStats> {
  return api.get<ReportStats>('/api/reports/stats', signal ? { signal } : {});
}

export const reportStatsQueryOptions = () =>
  queryOptions({
    queryKey: reportKeys.stats(),
    queryFn: ({ signal }) => getReportStats(signal),
    staleTime: 0,
  });

export function useReportStats(enabled = true) {
  return useQuery({ ...reportStatsQueryOptions(), enabled });
}

import type { ReportDetail } from '@ray/shared/schemas/report';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { reportKeys } from './report-keys';

/** One report with its content in context: the post, or the comment and its post, and the content's author. */
export function getReport(id: number, signal?: AbortSignal): Promise<ReportDetail> {
  return api.get<ReportDetail>(`/api/reports/${id}`, signal ? { signal } : {});
}

export const reportQueryOptions = (id: number) =>
  queryOptions({
    queryKey: reportKeys.detail(id),
    queryFn: ({ signal }) => getReport(id, signal),
    staleTime: 0,
  });

export function useReport(id: number) {
  return useQuery(reportQueryOptions(id));
}

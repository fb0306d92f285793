import { REPORTS_PAGE_SIZE } from '@ray/shared/constants';
import type { Paged } from '@ray/shared/schemas/common';
import type { ModerationReport } from '@ray/shared/schemas/report';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { reportKeys } from './report-keys';

/** One page of the moderation queue (`GET /api/reports`) for one status. */
export function getReportsPage(
  status: number,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<Paged<ModerationReport>> {
  return api.get<Paged<ModerationReport>>('/api/reports', {
    query: { status, cursor, pageSize: REPORTS_PAGE_SIZE },
    ...(signal ? { signal } : {}),
  });
}

export const reportsInfiniteQueryOptions = (status: number) =>
  infiniteQueryOptions({
    queryKey: reportKeys.list(status),
    queryFn: ({ pageParam, signal }) => getReportsPage(status, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page: Paged<ModerationReport>) =>
      page.pagination.hasNextPage && page.pagination.nextCursor ? page.pagination.nextCursor : undefined,
    staleTime: 0,
  });

export function useReports(status: number, enabled = true) {
  return useInfiniteQuery({ ...reportsInfiniteQueryOptions(status), enabled });
}

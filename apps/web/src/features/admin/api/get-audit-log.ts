import { AUDIT_LOG_PAGE_SIZE } from '@ray/shared/constants';
import type { AuditEntry } from '@ray/shared/schemas/audit';
import type { Paged } from '@ray/shared/schemas/common';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { auditLogKeys } from './admin-keys';

/** One page of the audit log (`GET /api/admin/audit-log`), newest first; admins only. */
export function getAuditLogPage(cursor: string | null, signal?: AbortSignal): Promise<Paged<AuditEntry>> {
  return api.get<Paged<AuditEntry>>('/api/admin/audit-log', {
    query: { cursor, pageSize: AUDIT_LOG_PAGE_SIZE },
    ...(signal ? { signal } : {}),
  });
}

export const auditLogInfiniteQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: auditLogKeys.list(),
    queryFn: ({ pageParam, signal }) => getAuditLogPage(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page: Paged<AuditEntry>) =>
      page.pagination.hasNextPage && page.pagination.nextCursor ? page.pagination.nextCursor : undefined,
    staleTime: 0,
  });

export function useAuditLog() {
  return useInfiniteQuery(auditLogInfiniteQueryOptions());
}

import type { AdminAd } from '@ray/shared/schemas/ad';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminAdKeys } from './admin-keys';

/** `GET /api/admin/ads/{id}` */
export function getAdminAd(id: number, signal?: AbortSignal): Promise<AdminAd> {
  return api.get<AdminAd>(`/api/admin/ads/${id}`, signal ? { signal } : {});
}

export const adminAdQueryOptions = (id: number) =>
  queryOptions({
    queryKey: adminAdKeys.detail(id),
    queryFn: ({ signal }) => getAdminAd(id, signal),
  });

/** One ad for the editor; the list already loaded shows it at once while the fresh copy arrives. */
export function useAdminAd(id: number) {
  const queryClient = useQueryClient();
  return useQuery({
    ...adminAdQueryOptions(id),
    enabled: Number.isInteger(id) && id > 0,
    placeholderData: () =>
      queryClient.getQueryData<AdminAd[]>(adminAdKeys.list())?.find((ad) => ad.id === id),
  });
}

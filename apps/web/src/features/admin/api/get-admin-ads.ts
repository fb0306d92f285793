import type { AdminAd } from '@ray/shared/schemas/ad';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminAdKeys } from './admin-keys';

/** `GET /api/admin/ads`: every ad with its status and counts, newest first. */
export function getAdminAds(signal?: AbortSignal): Promise<AdminAd[]> {
  return api.get<AdminAd[]>('/api/admin/ads', signal ? { signal } : {});
}

export const adminAdsQueryOptions = () =>
  queryOptions({
    queryKey: adminAdKeys.list(),
    queryFn: ({ signal }) => getAdminAds(signal),
    // Counts move all the time; an admin opening the list expects today's numbers.
    staleTime: 0,
  });

export function useAdminAds() {
  return useQuery(adminAdsQueryOptions());
}

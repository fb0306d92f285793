import type { AdInput, AdminAd } from '@ray/shared/schemas/ad';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adKeys } from '@/components/ads/ads-api';
import { api } from '@/lib/api-client';
import { adminAdKeys } from './admin-keys';

/** `POST /api/admin/ads` */
export function createAd(input: AdInput): Promise<AdminAd> {
  return api.post<AdminAd>('/api/admin/ads', input);
}

/** `PUT /api/admin/ads/{id}` */
export function updateAd(id: number, input: AdInput): Promise<AdminAd> {
  return api.put<AdminAd>(`/api/admin/ads/${id}`, input);
}

/** Creates (no id) or replaces an ad; the admin list and the public placements both refresh. */
export function useSaveAd(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AdInput) => (id === null ? createAd(input) : updateAd(id, input)),
    onSuccess: (ad) => {
      queryClient.setQueryData(adminAdKeys.detail(ad.id), ad);
      void queryClient.invalidateQueries({ queryKey: adminAdKeys.list() });
      void queryClient.invalidateQueries({ queryKey: adKeys.all });
    },
  });
}

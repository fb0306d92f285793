import type { AdminAd } from '@ray/shared/schemas/ad';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adKeys } from '@/components/ads/ads-api';
import { api } from '@/lib/api-client';
import { adminAdKeys } from './admin-keys';

/** `PUT /api/admin/ads/{id}/status`: pause (false) or resume (true). */
export function setAdStatus(id: number, isActive: boolean): Promise<AdminAd> {
  return api.put<AdminAd>(`/api/admin/ads/${id}/status`, { isActive });
}

/** Pauses or resumes an ad and puts the server's copy (with its new status) into the list. */
export function useSetAdStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isActive }: { id: number; isActive: boolean }) => setAdStatus(id, isActive),
    onSuccess: (ad) => {
      queryClient.setQueryData<AdminAd[]>(adminAdKeys.list(), (list) =>
        list?.map((item) => (item.id === ad.id ? ad : item)),
      );
      queryClient.setQueryData(adminAdKeys.detail(ad.id), ad);
      void queryClient.invalidateQueries({ queryKey: adKeys.all });
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, UploadResult } from '@ray/shared/schemas/user';
import { api } from '@/lib/api-client';
import { useAuthStore } from '@/lib/auth-store';
import { currentUserKeys } from './get-current-user';

export function uploadAvatar(file: File): Promise<UploadResult> {
  const body = new FormData();
  body.append('file', file);
  return api.post<UploadResult>('/api/users/avatar', body);
}

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    onSuccess: ({ url }) => {
      const user = useAuthStore.getState().user ?? queryClient.getQueryData<CurrentUser>(currentUserKeys.all);
      if (!user) return;
      const updated = { ...user, avatarUrl: url };
      useAuthStore.getState().setUser(updated);
      queryClient.setQueryData(currentUserKeys.all, updated);
    },
  });
}

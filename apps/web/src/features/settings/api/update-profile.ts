import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, UpdateProfilePayload } from '@ray/shared/schemas/user';
import { api } from '@/lib/api-client';
import { useAuthStore } from '@/lib/auth-store';
import { currentUserKeys } from './get-current-user';

export function updateProfile(payload: UpdateProfilePayload): Promise<CurrentUser> {
  return api.put<CurrentUser>('/api/users/profile', payload);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      useAuthStore.getState().setUser(user);
      queryClient.setQueryData(currentUserKeys.all, user);
    },
  });
}

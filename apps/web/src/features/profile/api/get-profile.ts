import type { PublicProfile } from '@ray/shared/schemas/profile';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userKeys } from '@/entities/user/api/user-keys';

export function getProfile(userId: string, signal?: AbortSignal): Promise<PublicProfile> {
  return api.get<PublicProfile>(`/api/users/${encodeURIComponent(userId)}`, signal ? { signal } : {});
}

export const profileQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: userKeys.detail(userId),
    queryFn: ({ signal }) => getProfile(userId, signal),
  });

export function useProfile(userId: string) {
  return useQuery(profileQueryOptions(userId));
}

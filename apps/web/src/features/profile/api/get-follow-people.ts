import { PAGE_SIZE } from '@ray/shared/constants';
import type { Paged } from '@ray/shared/schemas/common';
import type { UserListItem } from '@ray/shared/schemas/profile';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userKeys, type FollowListKind } from '@/entities/user/api/user-keys';

/** One page of `GET /api/users/{id}/followers` or `/following`, most recent first. */
export function getFollowPeoplePage(
  userId: string,
  kind: FollowListKind,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<Paged<UserListItem>> {
  return api.get<Paged<UserListItem>>(`/api/users/${encodeURIComponent(userId)}/${kind}`, {
    query: { cursor, pageSize: PAGE_SIZE },
    ...(signal ? { signal } : {}),
  });
}

export const followPeopleInfiniteQueryOptions = (userId: string, kind: FollowListKind) =>
  infiniteQueryOptions({
    queryKey: userKeys.people(userId, kind),
    queryFn: ({ pageParam, signal }) => getFollowPeoplePage(userId, kind, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page: Paged<UserListItem>) =>
      page.pagination.hasNextPage && page.pagination.nextCursor ? page.pagination.nextCursor : undefined,
  });

export function useFollowPeople(userId: string, kind: FollowListKind, enabled = true) {
  return useInfiniteQuery({ ...followPeopleInfiniteQueryOptions(userId, kind), enabled });
}

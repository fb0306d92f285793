import { queryOptions } from '@tanstack/react-query';
import { fetchCurrentUser } from '@/lib/session';

export const currentUserKeys = {
  all: ['current-user'] as const,
};

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: currentUserKeys.all,
    queryFn: ({ signal }) => fetchCurrentUser({ signal }),
  });

import type { PollResults } from '@ray/shared/schemas/post';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { voteKeys } from './vote-keys';

export function getPollResults(postId: number, signal?: AbortSignal): Promise<PollResults> {
  return api.get<PollResults>(`/api/votes/post/${postId}/poll-results`, signal ? { signal } : {});
}

export const pollResultsQueryOptions = (postId: number) =>
  queryOptions({
    queryKey: voteKeys.pollResults(postId),
    queryFn: ({ signal }) => getPollResults(postId, signal),
  });

export function usePollResults(postId: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...pollResultsQueryOptions(postId), enabled: options.enabled ?? true });
}

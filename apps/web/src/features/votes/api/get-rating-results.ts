import type { RatingResults } from '@ray/shared/schemas/post';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { voteKeys } from './vote-keys';

export function getRatingResults(postId: number, signal?: AbortSignal): Promise<RatingResults> {
  return api.get<RatingResults>(`/api/votes/post/${postId}/rating-results`, signal ? { signal } : {});
}

export const ratingResultsQueryOptions = (postId: number) =>
  queryOptions({
    queryKey: voteKeys.ratingResults(postId),
    queryFn: ({ signal }) => getRatingResults(postId, signal),
  });

export function useRatingResults(postId: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...ratingResultsQueryOptions(postId), enabled: options.enabled ?? true });
}

import { feedMsg as msg } from '@ray/shared/feed-messages.ar';
import type { PollResults, Post, VotePayload, VoteResult, VotingStatistics } from '@ray/shared/schemas/post';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { patchPost } from '@/entities/post/api/post-cache';
import { postKeys } from '@/entities/post/api/post-keys';
import { pollPercentage } from '@/entities/post/utils/poll';
import { track } from '@/lib/analytics';
import { ApiError, api } from '@/lib/api-client';
import { applyVote, type VoteState } from '../utils/vote-math';
import { voteKeys } from './vote-keys';

export function castVote(payload: VotePayload): Promise<VoteResult> {
  return api.post<VoteResult>('/api/votes', payload);
}

/** `GET /api/votes/post/{id}`: the totals and the caller's own vote. */
export function getPostVotes(postId: number): Promise<VoteState> {
  return api.get<VoteState>(`/api/votes/post/${postId}`);
}

export type VotablePost = Pick<Post, 'id' | 'votingType' | 'votingStatistics' | 'userVote'>;

interface CastVote {
  post: VotablePost;
  value: number;
}

function successMessage(post: VotablePost, value: number, userVote: number | null): string {
  if (post.votingType === 'rating') return msg.rateSuccess(value);
  if (post.votingType === 'poll') return msg.voteSuccess;
  if (userVote === null) return msg.voteRemoved;
  return value === 1 ? msg.likeSuccess : msg.dislikeSuccess;
}

function failureMessage(post: VotablePost, error: unknown): string {
  if (error instanceof ApiError && error.hasServerMessage && error.status < 500) return error.message;
  return post.votingType === 'rating' ? msg.rateFailed : msg.voteFailed;
}

function withPollCounts(results: PollResults | undefined, stats: VotingStatistics, userVote: number | null) {
  if (!results || stats.type !== 'poll') return results;
  return {
    ...results,
    totalVotes: stats.totalVotes,
    userVote,
    options: results.options.map((option) => {
      const votes = stats.poolStats[String(option.index)] ?? 0;
      return { ...option, votes, percentage: pollPercentage(votes, stats.totalVotes) };
    }),
  };
}

/**
 * Votes on a post. The new counts show at once in every feed and on the detail page, are replaced by the
 * server's, and are put back if the vote fails. The spec's confirmation goes to `confirm`, which shows it beside
 * the control that voted (the counts there already say it worked); only a failure is a toast.
 */
export function useCastVote(confirm?: (message: string) => void) {
  const queryClient = useQueryClient();

  const applyResult = (postId: number, state: VoteState) => {
    patchPost(queryClient, postId, state);
    queryClient.setQueryData<PollResults>(voteKeys.pollResults(postId), (results) =>
      withPollCounts(results, state.votingStatistics, state.userVote),
    );
  };

  return useMutation({
    mutationFn: ({ post, value }: CastVote) => castVote({ postId: post.id, value }),
    onMutate: async ({ post, value }) => {
      await queryClient.cancelQueries({ queryKey: postKeys.detail(post.id) });
      const previous: VoteState = { votingStatistics: post.votingStatistics, userVote: post.userVote };
      patchPost(queryClient, post.id, (cached) => ({ ...cached, ...applyVote(cached, value) }));
      const expected = applyVote(previous, value);
      queryClient.setQueryData<PollResults>(voteKeys.pollResults(post.id), (results) =>
        withPollCounts(results, expected.votingStatistics, expected.userVote),
      );
      return { previous };
    },
    onError: (error, { post }, context) => {
      if (context) applyResult(post.id, context.previous);
      if (error instanceof ApiError && error.status === 409) {
        // Already voted in this poll (another tab or device): show where things really stand.
        toast.info(error.message);
        void getPostVotes(post.id)
          .then((state) => {
            applyResult(post.id, state);
          })
          .catch(() => undefined);
        return;
      }
      toast.error(failureMessage(post, error));
    },
    onSuccess: (result, { post, value }) => {
      track('vote', { votingType: post.votingType, removed: result.userVote === null });
      applyResult(post.id, { votingStatistics: result.votingStatistics, userVote: result.userVote });
      if (post.votingType === 'rating') {
        void queryClient.invalidateQueries({ queryKey: voteKeys.ratingResults(post.id) });
      }
      confirm?.(result.message || successMessage(post, value, result.userVote));
    },
  });
}

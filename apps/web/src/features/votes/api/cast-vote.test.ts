// @vitest-environment jsdom
import { msg } from '@ray/shared/messages.ar';
import type { Paged } from '@ray/shared/schemas/common';
import type { PollResults, Post } from '@ray/shared/schemas/post';
import type { InfiniteData } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { postKeys } from '@/entities/post/api/post-keys';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { createTestQueryClient, jsonResponse, queryWrapper, stubServer } from '@/test/hook-harness';
import { makePost } from '@/test/post-fixture';
import { useCastVote } from './cast-vote';
import { voteKeys } from './vote-keys';

const SUSPENDED = 'حسابك موقوف عن التصويت حتى الغد';

function setup(post: Post) {
  const server = stubServer();
  const queryClient = createTestQueryClient();
  const feed: InfiniteData<Paged<Post>> = {
    pages: [
      {
        items: [makePost(99), post],
        pagination: { page: 0, pageSize: 10, hasNextPage: false, totalCount: 2, nextCursor: null },
      },
    ],
    pageParams: [null],
  };
  queryClient.setQueryData(postKeys.list({}), feed);
  queryClient.setQueryData(postKeys.detail(post.id), post);
  const confirm = vi.fn<(message: string) => void>();
  const { result } = renderHook(() => useCastVote(confirm), { wrapper: queryWrapper(queryClient) });
  /** The post as every cached copy shows it; fails when the feed and the detail disagree. */
  const cached = () => {
    const detail = queryClient.getQueryData<Post>(postKeys.detail(post.id));
    const inFeed = queryClient
      .getQueryData<InfiniteData<Paged<Post>>>(postKeys.list({}))
      ?.pages[0]?.items.find((item) => item.id === post.id);
    expect(inFeed).toEqual(detail);
    return { votingStatistics: detail?.votingStatistics, userVote: detail?.userVote };
  };
  return { server, queryClient, result, cached, confirm };
}

const liked = makePost(7, { votingStatistics: { type: 'like-dislike', upVotes: 3, downVotes: 1 } });

beforeEach(() => {
  for (const item of toast.getToasts()) toast.dismiss(item.id);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useCastVote', () => {
  it('shows the vote in every cached copy at once, then the counts the server answers', async () => {
    const { server, result, cached, confirm } = setup(liked);

    act(() => {
      result.current.mutate({ post: liked, value: 1 });
    });

    await waitFor(() => {
      expect(server.requests).toEqual([
        { method: 'POST', path: '/api/votes', body: { postId: 7, value: 1 } },
      ]);
    });
    expect(result.current.isPending).toBe(true);
    expect(cached()).toEqual({
      votingStatistics: { type: 'like-dislike', upVotes: 4, downVotes: 1 },
      userVote: 1,
    });

    // Others voted meanwhile: the server's totals win over the local guess.
    server.answer(
      jsonResponse(200, {
        success: true,
        message: msg.likeSuccess,
        votingStatistics: { type: 'like-dislike', upVotes: 9, downVotes: 2 },
        userVote: 1,
      }),
    );
    await waitFor(() => {
      expect(result.current.isSuccess).toBe(true);
    });
    expect(cached()).toEqual({
      votingStatistics: { type: 'like-dislike', upVotes: 9, downVotes: 2 },
      userVote: 1,
    });
    // The confirmation goes beside the buttons that voted, not into a toast.
    expect(confirm.mock.calls).toEqual([[msg.likeSuccess]]);
    expect(toast.getToasts()).toEqual([]);
  });

  it('confirms a rating with the spec’s words when the server sends none', async () => {
    const rated = makePost(9, {
      votingType: 'rating',
      votingStatistics: { type: 'rating', averageRating: 0, totalVoting: 0 },
    });
    const { server, result, confirm } = setup(rated);
    act(() => {
      result.current.mutate({ post: rated, value: 4 });
    });
    await waitFor(() => {
      expect(server.requests).toHaveLength(1);
    });
    server.answer(
      jsonResponse(200, {
        success: true,
        message: '',
        votingStatistics: { type: 'rating', averageRating: 4, totalVoting: 1 },
        userVote: 4,
      }),
    );
    await waitFor(() => {
      expect(result.current.isSuccess).toBe(true);
    });
    expect(confirm.mock.calls).toEqual([[msg.rateSuccess(4)]]);
    expect(toast.getToasts()).toEqual([]);
  });

  it('puts the counts back and shows the server message when a suspended account votes', async () => {
    const { server, result, cached, confirm } = setup(liked);

    act(() => {
      result.current.mutate({ post: liked, value: 1 });
    });
    await waitFor(() => {
      expect(cached().userVote).toBe(1);
    });

    server.answer(jsonResponse(403, { success: false, code: 'ACCOUNT_SUSPENDED', message: SUSPENDED }));
    await waitFor(() => {
      expect(result.current.isError).toBe(true);
    });

    expect(cached()).toEqual({
      votingStatistics: { type: 'like-dislike', upVotes: 3, downVotes: 1 },
      userVote: null,
    });
    expect(result.current.error).toBeInstanceOf(ApiError);
    expect(result.current.error).toMatchObject({ status: 403, code: 'ACCOUNT_SUSPENDED' });
    expect(toast.getToasts().map((item) => [item.tone, item.title])).toEqual([['error', SUSPENDED]]);
    expect(confirm).not.toHaveBeenCalled();
  });

  it('takes back a removed vote on a server error and shows the generic failure', async () => {
    const voted = makePost(7, {
      votingStatistics: { type: 'like-dislike', upVotes: 3, downVotes: 1 },
      userVote: 1,
    });
    const { server, result, cached } = setup(voted);

    act(() => {
      result.current.mutate({ post: voted, value: 1 });
    });
    await waitFor(() => {
      expect(cached()).toEqual({
        votingStatistics: { type: 'like-dislike', upVotes: 2, downVotes: 1 },
        userVote: null,
      });
    });

    server.answer(jsonResponse(500, { success: false, code: 'INTERNAL', message: 'Internal Server Error' }));
    await waitFor(() => {
      expect(result.current.isError).toBe(true);
    });

    expect(cached()).toEqual({
      votingStatistics: { type: 'like-dislike', upVotes: 3, downVotes: 1 },
      userVote: 1,
    });
    expect(result.current.error).toMatchObject({ status: 500 });
    expect(toast.getToasts().map((item) => [item.tone, item.title])).toEqual([['error', msg.voteFailed]]);
  });

  it('moves the poll results with the vote and back when it fails', async () => {
    const poll = makePost(8, {
      votingType: 'poll',
      pollOptions: JSON.stringify(['نعم', 'لا']),
      votingStatistics: { type: 'poll', poolStats: { '0': 1, '1': 1 }, totalVotes: 2 },
    });
    const { server, queryClient, result } = setup(poll);
    const before: PollResults = {
      totalVotes: 2,
      userVote: null,
      options: [
        { index: 0, text: 'نعم', votes: 1, percentage: 50 },
        { index: 1, text: 'لا', votes: 1, percentage: 50 },
      ],
    };
    queryClient.setQueryData(voteKeys.pollResults(8), before);
    const results = () => queryClient.getQueryData<PollResults>(voteKeys.pollResults(8));

    act(() => {
      result.current.mutate({ post: poll, value: 0 });
    });
    await waitFor(() => {
      expect(results()?.userVote).toBe(0);
    });
    expect(results()?.totalVotes).toBe(3);
    expect(results()?.options.map((option) => option.votes)).toEqual([2, 1]);

    server.answer(jsonResponse(500, {}));
    await waitFor(() => {
      expect(result.current.isError).toBe(true);
    });
    expect(results()).toEqual(before);
  });
});

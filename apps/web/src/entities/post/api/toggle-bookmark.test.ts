// @vitest-environment jsdom
import { msg } from '@ray/shared/messages.ar';
import type { Paged } from '@ray/shared/schemas/common';
import type { Post } from '@ray/shared/schemas/post';
import type { InfiniteData } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { createTestQueryClient, jsonResponse, queryWrapper, stubServer } from '@/test/hook-harness';
import { makePost } from '@/test/post-fixture';
import { postKeys } from './post-keys';
import { useToggleBookmark } from './toggle-bookmark';

const SUSPENDED = 'حسابك موقوف حتى الغد';

function setup(post: Post) {
  const server = stubServer();
  const queryClient = createTestQueryClient();
  const feed: InfiniteData<Paged<Post>> = {
    pages: [
      {
        items: [post, makePost(99)],
        pagination: { page: 0, pageSize: 10, hasNextPage: false, totalCount: 2, nextCursor: null },
      },
    ],
    pageParams: [null],
  };
  queryClient.setQueryData(postKeys.list({}), feed);
  queryClient.setQueryData(postKeys.detail(post.id), post);
  const confirm = vi.fn<(message: string) => void>();
  const { result } = renderHook(() => useToggleBookmark(confirm), { wrapper: queryWrapper(queryClient) });
  /** Whether the post shows as saved in the feed and on its page. */
  const saved = () => [
    queryClient
      .getQueryData<InfiniteData<Paged<Post>>>(postKeys.list({}))
      ?.pages[0]?.items.find((item) => item.id === post.id)?.isBookmarked,
    queryClient.getQueryData<Post>(postKeys.detail(post.id))?.isBookmarked,
  ];
  return { server, queryClient, result, saved, confirm };
}

const toasts = () => toast.getToasts().map((item) => [item.tone, item.title]);

beforeEach(() => {
  for (const item of toast.getToasts()) toast.dismiss(item.id);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useToggleBookmark', () => {
  it('shows the post as saved before the server answers, and keeps what the server says', async () => {
    const post = makePost(5);
    const { server, queryClient, result, saved, confirm } = setup(post);

    act(() => {
      result.current.mutate({ postId: 5, bookmarked: true });
    });

    await waitFor(() => {
      expect(server.requests).toEqual([{ method: 'POST', path: '/api/bookmarks', body: { postId: 5 } }]);
    });
    expect(result.current.isPending).toBe(true);
    expect(saved()).toEqual([true, true]);

    // A refetch started before the click lands meanwhile with the old state; the server's answer corrects it.
    queryClient.setQueryData(postKeys.detail(5), post);
    server.answer(jsonResponse(201, { success: true, message: msg.bookmarkAdded, isBookmarked: true }));
    await waitFor(() => {
      expect(result.current.isSuccess).toBe(true);
    });
    expect(saved()).toEqual([true, true]);
    // The confirmation goes beside the save control, which already shows the post as saved; no toast.
    expect(confirm.mock.calls).toEqual([[msg.bookmarkAdded]]);
    expect(toasts()).toEqual([]);
  });

  it('confirms an unsave with the spec’s words when the server sends none', async () => {
    const { server, result, confirm } = setup(makePost(5, { isBookmarked: true }));
    act(() => {
      result.current.mutate({ postId: 5, bookmarked: false });
    });
    await waitFor(() => {
      expect(server.requests).toHaveLength(1);
    });
    server.answer(jsonResponse(200, { success: true, message: '', isBookmarked: false }));
    await waitFor(() => {
      expect(result.current.isSuccess).toBe(true);
    });
    expect(confirm.mock.calls).toEqual([[msg.bookmarkRemoved]]);
    expect(toasts()).toEqual([]);
  });

  it('puts the post back as saved and shows the server message when removing is refused', async () => {
    const { server, result, saved, confirm } = setup(makePost(5, { isBookmarked: true }));

    act(() => {
      result.current.mutate({ postId: 5, bookmarked: false });
    });
    await waitFor(() => {
      expect(server.requests).toEqual([{ method: 'DELETE', path: '/api/bookmarks/5', body: undefined }]);
    });
    expect(saved()).toEqual([false, false]);

    server.answer(jsonResponse(403, { success: false, code: 'ACCOUNT_SUSPENDED', message: SUSPENDED }));
    await waitFor(() => {
      expect(result.current.isError).toBe(true);
    });

    expect(saved()).toEqual([true, true]);
    expect(result.current.error).toBeInstanceOf(ApiError);
    expect(result.current.error).toMatchObject({ status: 403, code: 'ACCOUNT_SUSPENDED' });
    expect(toasts()).toEqual([['error', SUSPENDED]]);
    expect(confirm).not.toHaveBeenCalled();
  });

  it('returns to what was shown before, not to the opposite of the request, on a server error', async () => {
    // The card still showed the post as saved, and the request asked to save it again.
    const { server, result, saved } = setup(makePost(5, { isBookmarked: true }));

    act(() => {
      result.current.mutate({ postId: 5, bookmarked: true });
    });
    await waitFor(() => {
      expect(server.requests).toHaveLength(1);
    });

    server.answer(jsonResponse(500, { success: false, code: 'INTERNAL', message: 'Internal Server Error' }));
    await waitFor(() => {
      expect(result.current.isError).toBe(true);
    });

    expect(saved()).toEqual([true, true]);
    expect(result.current.error).toMatchObject({ status: 500 });
    expect(toasts()).toEqual([['error', msg.bookmarkFailed]]);
  });
});

import type { Paged } from '@ray/shared/schemas/common';
import type { Post } from '@ray/shared/schemas/post';
import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import {
  addNewPost,
  listShowsNewPost,
  patchPost,
  prependToPages,
  removePostFromLists,
  updatePostsInData,
} from './post-cache';
import { postKeys } from './post-keys';
import { makePost } from '@/test/post-fixture';

const post = makePost;

function page(items: Post[], totalCount: number, nextCursor: string | null = null): Paged<Post> {
  return {
    items,
    pagination: { page: 0, pageSize: 10, hasNextPage: nextCursor !== null, totalCount, nextCursor },
  };
}

function pages(...list: Paged<Post>[]): InfiniteData<Paged<Post>> {
  return { pages: list, pageParams: list.map((_, index) => (index === 0 ? null : `c${index}`)) };
}

describe('updatePostsInData', () => {
  it('changes the one post in infinite pages, a paged answer and a detail', () => {
    const bump = (item: Post) => (item.id === 2 ? { ...item, commentCount: 5 } : item);
    const infinite = updatePostsInData(pages(page([post(1)], 3, 'x'), page([post(2), post(3)], 3)), bump);
    expect(infinite.pages[1]?.items[0]?.commentCount).toBe(5);
    expect(updatePostsInData(page([post(2)], 1), bump).items[0]?.commentCount).toBe(5);
    expect(updatePostsInData(post(2), bump).commentCount).toBe(5);
  });

  it('returns the same data when no post changed, and leaves other data alone', () => {
    const data = pages(page([post(1)], 1));
    expect(updatePostsInData(data, (item) => item)).toBe(data);
    const other = { unread: 3 };
    expect(updatePostsInData(other, () => null)).toBe(other);
  });

  it('drops a removed post from lists and counts it out of the total', () => {
    const result = updatePostsInData(pages(page([post(1), post(2)], 2)), (item) =>
      item.id === 1 ? null : item,
    );
    expect(result.pages[0]?.items.map((item) => item.id)).toEqual([2]);
    expect(result.pages[0]?.pagination.totalCount).toBe(1);
  });
});

describe('prependToPages', () => {
  it('puts a new post first once and counts it', () => {
    const data = pages(page([post(1)], 1));
    const once = prependToPages(data, post(9));
    expect(once.pages[0]?.items.map((item) => item.id)).toEqual([9, 1]);
    expect(once.pages[0]?.pagination.totalCount).toBe(2);
    expect(prependToPages(once, post(9))).toBe(once);
  });
});

describe('listShowsNewPost', () => {
  const mine = post(9, { hashtags: [{ hashtag: { name: 'القهوة' } }] });
  it('accepts the latest feed, my posts, the viewer profile and matching hashtags only', () => {
    expect(listShowsNewPost(postKeys.list({}), mine, 'u1')).toBe(true);
    expect(listShowsNewPost(postKeys.list({ pageType: 'MyPosts' }), mine, 'u1')).toBe(true);
    expect(listShowsNewPost(postKeys.list({ userId: 'u1' }), mine, 'u1')).toBe(true);
    expect(listShowsNewPost(postKeys.list({ userId: 'u2' }), mine, 'u1')).toBe(false);
    expect(
      listShowsNewPost(
        postKeys.list({ hashtag: 'قهوه' }),
        post(9, { hashtags: [{ hashtag: { name: 'قهوة' } }] }),
        'u1',
      ),
    ).toBe(true);
    expect(listShowsNewPost(postKeys.list({ hashtag: 'شاي' }), mine, 'u1')).toBe(false);
    expect(listShowsNewPost(postKeys.list({ pageType: 'Bookmarks' }), mine, 'u1')).toBe(false);
    expect(listShowsNewPost([...postKeys.lists(), { source: 'search' }], mine, 'u1')).toBe(false);
  });
});

describe('cache writers', () => {
  it('patch a post in every list and the detail, and remove it from lists', () => {
    const client = new QueryClient();
    client.setQueryData(postKeys.list({}), pages(page([post(1), post(2)], 2)));
    client.setQueryData(postKeys.list({ pageType: 'MyPosts' }), pages(page([post(2)], 1)));
    client.setQueryData(postKeys.detail(2), post(2));

    patchPost(client, 2, { isBookmarked: true });
    expect(
      client.getQueryData<InfiniteData<Paged<Post>>>(postKeys.list({}))?.pages[0]?.items[1]?.isBookmarked,
    ).toBe(true);
    expect(client.getQueryData<Post>(postKeys.detail(2))?.isBookmarked).toBe(true);

    removePostFromLists(client, 2);
    expect(
      client.getQueryData<InfiniteData<Paged<Post>>>(postKeys.list({ pageType: 'MyPosts' }))?.pages[0]?.items,
    ).toEqual([]);
    expect(client.getQueryData<Post>(postKeys.detail(2))).toBeDefined();
  });

  it('add a published post to the feeds it belongs to and seed its detail', () => {
    const client = new QueryClient();
    client.setQueryData(postKeys.list({}), pages(page([post(1)], 1)));
    client.setQueryData(postKeys.list({ userId: 'u2' }), pages(page([post(5)], 1)));
    addNewPost(client, post(10, { isOwner: true }), 'u1');
    expect(client.getQueryData<InfiniteData<Paged<Post>>>(postKeys.list({}))?.pages[0]?.items[0]?.id).toBe(
      10,
    );
    expect(
      client.getQueryData<InfiniteData<Paged<Post>>>(postKeys.list({ userId: 'u2' }))?.pages[0]?.items[0]?.id,
    ).toBe(5);
    expect(client.getQueryData<Post>(postKeys.detail(10))?.id).toBe(10);
  });
});

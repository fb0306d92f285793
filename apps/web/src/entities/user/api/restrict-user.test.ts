import { ANONYMOUS_AUTHOR, type Post } from '@ray/shared/schemas/post';
import { mutedWordKey } from '@ray/shared/schemas/privacy';
import type { Paged } from '@ray/shared/schemas/common';
import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { postKeys } from '@/entities/post/api/post-keys';
import { makePost } from '@/test/post-fixture';
import { hidePostsInPlace, matchesMutedWord } from './restrict-user';

const author = { userId: 'u-1', username: 'fahad', displayName: 'فهد', avatarUrl: null };

function page(items: Post[]): Paged<Post> {
  return {
    items,
    pagination: { page: 1, pageSize: 10, hasNextPage: false, totalCount: items.length, nextCursor: null },
  };
}

describe('matchesMutedWord', () => {
  it('matches a word in the Arabic-normalised text, as the server does', () => {
    const post = makePost(1, { content: 'أحببتُ المباراةَ الأخيرة' });
    expect(matchesMutedWord(post, mutedWordKey('مباراة'))).toBe(true);
    expect(matchesMutedWord(post, mutedWordKey('القهوة'))).toBe(false);
  });

  it('matches a #tag only among the post’s tags', () => {
    const tagged = makePost(1, { content: 'عن #القهوة', hashtags: [{ hashtag: { name: 'القهوة' } }] });
    const untagged = makePost(2, { content: 'القهوه بدون وسم' });
    expect(matchesMutedWord(tagged, mutedWordKey('#القهوه'))).toBe(true);
    expect(matchesMutedWord(untagged, mutedWordKey('#القهوه'))).toBe(false);
  });
});

describe('hidePostsInPlace', () => {
  it('takes the person’s signed posts out of loaded pages and leaves anonymous ones', () => {
    const queryClient = new QueryClient();
    const signed = makePost(1, { user: author, isAnonymous: false });
    const anonymous = makePost(2, { user: ANONYMOUS_AUTHOR, isAnonymous: true });
    const other = makePost(3);
    const key = postKeys.list({});
    queryClient.setQueryData<InfiniteData<Paged<Post>>>(key, {
      pages: [page([signed, anonymous, other])],
      pageParams: [null],
    });
    hidePostsInPlace(queryClient, (post) => !post.isAnonymous && post.user.userId === author.userId);
    const data = queryClient.getQueryData<InfiniteData<Paged<Post>>>(key);
    expect(data?.pages[0]?.items.map((item) => item.id)).toEqual([2, 3]);
  });
});

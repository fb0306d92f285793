import type { Comment } from '@ray/shared/schemas/comment';
import { describe, expect, it } from 'vitest';
import { appendComment, flattenComments, removeComment, type CommentPages } from './comment-pages';

const comment = (id: number): Comment => ({
  id,
  postId: 1,
  content: `تعليق ${id}`,
  isAnonymous: false,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  user: { userId: 'u1', username: 'noura', displayName: 'نورة', avatarUrl: null },
  isOwner: false,
  isHidden: false,
  parentId: null,
  replyCount: 0,
  mentions: [],
});

const pages = (hasNextPage: boolean): CommentPages => ({
  pageParams: [null],
  pages: [
    {
      items: [comment(1), comment(2)],
      pagination: {
        page: 1,
        pageSize: 10,
        hasNextPage,
        totalCount: hasNextPage ? 12 : 2,
        nextCursor: hasNextPage ? 'c2' : null,
      },
    },
  ],
});

describe('comment pages', () => {
  it('appends a new comment at the end when the whole conversation is loaded', () => {
    const next = appendComment(pages(false), comment(3));
    expect(flattenComments(next).map((c) => c.id)).toEqual([1, 2, 3]);
    expect(next.pages[0]?.pagination.totalCount).toBe(3);
  });

  it('only counts a new comment while later pages are still to load', () => {
    const next = appendComment(pages(true), comment(13));
    expect(flattenComments(next).map((c) => c.id)).toEqual([1, 2]);
    expect(next.pages[0]?.pagination.totalCount).toBe(13);
  });

  it('removes a deleted comment and uncounts it', () => {
    const next = removeComment(pages(false), 1);
    expect(flattenComments(next).map((c) => c.id)).toEqual([2]);
    expect(next.pages[0]?.pagination.totalCount).toBe(1);
  });

  it('leaves the pages alone when the deleted comment is not loaded', () => {
    const data = pages(false);
    expect(removeComment(data, 99)).toBe(data);
  });
});

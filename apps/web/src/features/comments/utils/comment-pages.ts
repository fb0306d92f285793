import type { Comment } from '@ray/shared/schemas/comment';
import type { Paged } from '@ray/shared/schemas/common';
import type { InfiniteData } from '@tanstack/react-query';

export type CommentPages = InfiniteData<Paged<Comment>>;

const withTotal = (page: Paged<Comment>, delta: number): Paged<Comment> => ({
  ...page,
  pagination: { ...page.pagination, totalCount: Math.max(0, page.pagination.totalCount + delta) },
});

/** Comments of every loaded page, each once (a comment added meanwhile may also arrive on a later page). */
export function flattenComments(data: CommentPages | undefined): Comment[] {
  if (!data) return [];
  const seen = new Set<number>();
  const comments: Comment[] = [];
  for (const page of data.pages) {
    for (const comment of page.items) {
      if (seen.has(comment.id)) continue;
      seen.add(comment.id);
      comments.push(comment);
    }
  }
  return comments;
}

/**
 * A new comment in an oldest-first list: at the end when the last page is loaded, else only counted (it will
 * come with the page that holds it).
 */
export function appendComment(data: CommentPages, comment: Comment): CommentPages {
  const last = data.pages.at(-1);
  const complete = last !== undefined && !last.pagination.hasNextPage;
  return {
    ...data,
    pages: data.pages.map((page, index) =>
      complete && index === data.pages.length - 1
        ? withTotal({ ...page, items: [...page.items.filter((item) => item.id !== comment.id), comment] }, 1)
        : withTotal(page, 1),
    ),
  };
}

export function replaceComment(data: CommentPages, comment: Comment): CommentPages {
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      items: page.items.map((item) => (item.id === comment.id ? comment : item)),
    })),
  };
}

export function removeComment(data: CommentPages, commentId: number): CommentPages {
  if (!data.pages.some((page) => page.items.some((item) => item.id === commentId))) return data;
  return {
    ...data,
    pages: data.pages.map((page) =>
      withTotal({ ...page, items: page.items.filter((item) => item.id !== commentId) }, -1),
    ),
  };
}

/** A reply added to (+1) or taken from (-1) the thread of a top-level comment, in a list that shows it. */
export function countReply(data: CommentPages, commentId: number, delta: number): CommentPages {
  if (!data.pages.some((page) => page.items.some((item) => item.id === commentId))) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      items: page.items.map((item) =>
        item.id === commentId ? { ...item, replyCount: Math.max(0, item.replyCount + delta) } : item,
      ),
    })),
  };
}

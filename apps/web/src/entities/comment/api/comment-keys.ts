import type { CommentOrder } from '@ray/shared/schemas/comment';

/** Every comments query lives under `commentKeys.all`, one list per post and order. */
export const commentKeys = {
  all: ['comments'] as const,
  lists: () => [...commentKeys.all, 'list'] as const,
  postLists: (postId: number) => [...commentKeys.lists(), postId] as const,
  list: (postId: number, order: CommentOrder = 'oldest') =>
    [...commentKeys.postLists(postId), order] as const,
  /** The replies under one top-level comment: under the post's lists, so edits and deletions reach them too. */
  replies: (postId: number, commentId: number) =>
    [...commentKeys.postLists(postId), 'replies', commentId] as const,
};

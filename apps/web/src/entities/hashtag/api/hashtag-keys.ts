import { postKeys } from '@/entities/post/api/post-keys';

/** Hashtag lists live under `hashtags`; a tag's posts live under the posts root so votes and edits patch them. */
export const hashtagKeys = {
  all: ['hashtags'] as const,
  trending: (params: { count: number; days: number }) => [...hashtagKeys.all, 'trending', params] as const,
  posts: () => [...postKeys.lists(), 'hashtag'] as const,
  postList: (params: { name: string; sortBy: string }) => [...hashtagKeys.posts(), params] as const,
};

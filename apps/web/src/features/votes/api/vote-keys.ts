/** Keys of the per-post vote results; everything about one post's votes sits under `voteKeys.post(id)`. */
export const voteKeys = {
  all: ['votes'] as const,
  post: (postId: number) => [...voteKeys.all, 'post', postId] as const,
  pollResults: (postId: number) => [...voteKeys.post(postId), 'poll-results'] as const,
  ratingResults: (postId: number) => [...voteKeys.post(postId), 'rating-results'] as const,
};

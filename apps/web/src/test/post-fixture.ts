import { ANONYMOUS_AUTHOR, type Post } from '@ray/shared/schemas/post';

/** A post as the API answers it, for tests of the cache and of the hooks that write to it; an anonymous one
 * carries the anonymous author, as the API's do. */
export function makePost(id: number, overrides: Partial<Post> = {}): Post {
  return {
    id,
    content: `منشور ${id}`,
    isAnonymous: false,
    votingType: 'like-dislike',
    pollOptions: null,
    imageUrl: null,
    thumbnailUrl: null,
    imageAlt: null,
    latitude: null,
    longitude: null,
    locationName: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    editedAt: null,
    pollClosesAt: null,
    pollClosed: false,
    commentCount: 0,
    isBookmarked: false,
    hashtags: [],
    votingStatistics: { type: 'like-dislike', upVotes: 0, downVotes: 0 },
    user: overrides.isAnonymous
      ? { ...ANONYMOUS_AUTHOR }
      : { userId: 'u1', username: 'noura', displayName: 'نورة', avatarUrl: null },
    userVote: null,
    isOwner: false,
    isHidden: false,
    ...overrides,
  };
}

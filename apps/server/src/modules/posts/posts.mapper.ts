import { thumbnailOf } from '@ray/shared/media';
import { ANONYMOUS_AUTHOR, type Post, type VotingStatistics } from '@ray/shared/schemas/post';
import { displayName } from '../users/users.mapper';
import type { PostRecord } from './posts.repository';

type Counters = Pick<
  PostRecord['post'],
  'votingType' | 'upVotes' | 'downVotes' | 'ratingSum' | 'ratingCount' | 'pollCounts'
>;

export function votingStatistics(post: Counters): VotingStatistics {
  switch (post.votingType) {
    case 'rating':
      return {
        type: 'rating',
        averageRating: post.ratingCount === 0 ? 0 : Math.round((post.ratingSum / post.ratingCount) * 10) / 10,
        totalVoting: post.ratingCount,
      };
    case 'poll': {
      const counts = post.pollCounts ?? [];
      return {
        type: 'poll',
        poolStats: Object.fromEntries(counts.map((count, index) => [String(index), count])),
        totalVotes: counts.reduce((sum, count) => sum + count, 0),
      };
    }
    default:
      return { type: 'like-dislike', upVotes: post.upVotes, downVotes: post.downVotes };
  }
}

/**
 * The public shape of a post. An anonymous post carries the anonymous author for everyone, its own author included
 * (who recognises it by `isOwner`, answered by the database), and its record holds no author to leak: the query
 * leaves the author's id, names and avatar out for anonymous rows.
 */
export function toPost(record: PostRecord): Post {
  const { post, author } = record;
  return {
    id: post.id,
    content: post.content,
    isAnonymous: post.isAnonymous,
    votingType: post.votingType,
    pollOptions: post.pollOptions ? JSON.stringify(post.pollOptions) : null,
    imageUrl: post.imageUrl,
    thumbnailUrl: thumbnailOf(post.imageUrl),
    imageAlt: post.imageAlt,
    latitude: post.latitude,
    longitude: post.longitude,
    locationName: post.locationName,
    createdAt: post.createdAt,
    updatedAt: post.updatedAt,
    editedAt: post.editedAt,
    pollClosesAt: post.pollClosesAt,
    // The same rule as cast_vote's: closed from the instant of its end.
    pollClosed: post.pollClosesAt !== null && Date.parse(post.pollClosesAt) <= Date.now(),
    commentCount: post.commentCount,
    isBookmarked: record.isBookmarked,
    hashtags: (record.hashtags ?? []).map((name) => ({ hashtag: { name } })),
    votingStatistics: votingStatistics(post),
    user:
      post.isAnonymous || !author
        ? { ...ANONYMOUS_AUTHOR }
        : {
            userId: author.userId,
            username: author.username,
            displayName: displayName(author),
            avatarUrl: author.avatarUrl,
          },
    userVote: record.userVote,
    isOwner: record.isOwner,
    isHidden: post.hiddenAt !== null,
  };
}

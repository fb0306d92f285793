import type { Post } from '@ray/shared/schemas/post';
import { LikeDislikeVote } from './like-dislike-vote';
import { PollVote } from './poll-vote';
import { StarRating } from './star-rating';

export type VotingWidgetPost = Pick<
  Post,
  'id' | 'votingType' | 'votingStatistics' | 'userVote' | 'pollOptions' | 'pollClosesAt' | 'pollClosed'
>;

/** Voting on a feed card: the control that fits the post's voting type. */
export function VotingWidget({ post }: { post: VotingWidgetPost }) {
  switch (post.votingType) {
    case 'like-dislike':
      return <LikeDislikeVote post={post} />;
    case 'rating':
      return <StarRating post={post} />;
    case 'poll':
      return <PollVote post={post} />;
  }
}

import type { Post } from '@ray/shared/schemas/post';
import { usePollResults } from '../api/get-poll-results';
import { LikeDislikeVote } from './like-dislike-vote';
import { PollVote } from './poll-vote';
import { RatingDistribution } from './rating-distribution';
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

function DetailPoll({ post }: { post: VotingWidgetPost }) {
  const results = usePollResults(post.id);
  return <PollVote post={post} results={results.data} />;
}

/** Voting on the detail page: larger controls, server poll results and the spread of ratings. */
export function VotingPanel({ post }: { post: VotingWidgetPost }) {
  switch (post.votingType) {
    case 'like-dislike':
      return <LikeDislikeVote post={post} size="lg" />;
    case 'rating':
      return (
        <div className="grid gap-4 sm:grid-cols-2 sm:items-center">
          <StarRating post={post} size="lg" />
          <RatingDistribution postId={post.id} />
        </div>
      );
    case 'poll':
      return <DetailPoll post={post} />;
  }
}

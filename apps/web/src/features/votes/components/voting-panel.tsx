import { usePollResults } from '../api/get-poll-results';
import { LikeDislikeVote } from './like-dislike-vote';
import { PollVote } from './poll-vote';
import { RatingDistribution } from './rating-distribution';
import { StarRating } from './star-rating';
import type { VotingWidgetPost } from './voting-widget';

function DetailPoll({ post }: { post: VotingWidgetPost }) {
  const results = usePollResults(post.id);
  return <PollVote post={post} results={results.data} />;
}

/**
 * Voting on the detail page: larger controls, server poll results and the spread of ratings. Apart from the
 * feed's `VotingWidget`, so the feed's first screen does not carry what only a post's own page shows.
 */
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

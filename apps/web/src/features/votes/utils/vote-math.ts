import type { VotingStatistics } from '@ray/shared/schemas/post';

export interface VoteState {
  votingStatistics: VotingStatistics;
  userVote: number | null;
}

const atLeastZero = (value: number) => Math.max(0, value);

/**
 * The counts a vote leads to, computed locally so the widget answers at once; the server's answer replaces them.
 * Like/dislike: the same value again removes the vote, the other value moves it. Rating: a first rating adds
 * one, a new one replaces the old. Poll: one vote only, a second changes nothing.
 */
export function applyVote(state: VoteState, value: number): VoteState {
  const { votingStatistics: stats, userVote } = state;
  switch (stats.type) {
    case 'like-dislike': {
      let { upVotes, downVotes } = stats;
      const take = (vote: number) => {
        if (vote === 1) upVotes = atLeastZero(upVotes - 1);
        else downVotes = atLeastZero(downVotes - 1);
      };
      if (userVote === value) {
        take(value);
        return { votingStatistics: { ...stats, upVotes, downVotes }, userVote: null };
      }
      if (userVote !== null) take(userVote);
      if (value === 1) upVotes += 1;
      else downVotes += 1;
      return { votingStatistics: { ...stats, upVotes, downVotes }, userVote: value };
    }
    case 'rating': {
      const sum = stats.averageRating * stats.totalVoting;
      const count = userVote === null ? stats.totalVoting + 1 : stats.totalVoting;
      const total = userVote === null ? sum + value : sum - userVote + value;
      const averageRating = count === 0 ? 0 : Math.round((total / count) * 10) / 10;
      return { votingStatistics: { ...stats, averageRating, totalVoting: count }, userVote: value };
    }
    case 'poll': {
      if (userVote !== null) return state;
      const key = String(value);
      return {
        votingStatistics: {
          ...stats,
          poolStats: { ...stats.poolStats, [key]: (stats.poolStats[key] ?? 0) + 1 },
          totalVotes: stats.totalVotes + 1,
        },
        userVote: value,
      };
    }
  }
}

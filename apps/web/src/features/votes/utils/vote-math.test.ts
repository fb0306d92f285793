import { describe, expect, it } from 'vitest';
import { applyVote } from './vote-math';

const likes = (upVotes: number, downVotes: number) => ({ type: 'like-dislike' as const, upVotes, downVotes });

describe('applyVote', () => {
  it('adds a like, moves it to a dislike, and removes it when the same value comes again', () => {
    const liked = applyVote({ votingStatistics: likes(3, 1), userVote: null }, 1);
    expect(liked).toEqual({ votingStatistics: likes(4, 1), userVote: 1 });
    const disliked = applyVote(liked, -1);
    expect(disliked).toEqual({ votingStatistics: likes(3, 2), userVote: -1 });
    expect(applyVote(disliked, -1)).toEqual({ votingStatistics: likes(3, 1), userVote: null });
  });

  it('recomputes the average for a first rating and for a changed one', () => {
    const first = applyVote(
      { votingStatistics: { type: 'rating', averageRating: 4, totalVoting: 2 }, userVote: null },
      1,
    );
    expect(first).toEqual({
      votingStatistics: { type: 'rating', averageRating: 3, totalVoting: 3 },
      userVote: 1,
    });
    const changed = applyVote(first, 4);
    expect(changed).toEqual({
      votingStatistics: { type: 'rating', averageRating: 4, totalVoting: 3 },
      userVote: 4,
    });
  });

  it('counts one poll vote and ignores a second one', () => {
    const voted = applyVote(
      { votingStatistics: { type: 'poll', poolStats: { '0': 2 }, totalVotes: 2 }, userVote: null },
      1,
    );
    expect(voted).toEqual({
      votingStatistics: { type: 'poll', poolStats: { '0': 2, '1': 1 }, totalVotes: 3 },
      userVote: 1,
    });
    expect(applyVote(voted, 0)).toBe(voted);
  });
});

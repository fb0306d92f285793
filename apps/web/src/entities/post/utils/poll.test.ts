import { parsePollOptions, percentage } from '@ray/shared/schemas/post';
import { describe, expect, it } from 'vitest';
import { pollPercentage, pollRows, readPollOptions } from './poll';

describe('readPollOptions', () => {
  it('reads exactly what the shared schema parser reads', () => {
    const inputs = ['["نعم","لا"]', '[" نعم ", "", "لا"]', '["a", 1]', '{"a":1}', 'not json', '[]', '"نعم"'];
    for (const input of inputs) expect(readPollOptions(input)).toEqual(parsePollOptions(input));
    expect(readPollOptions(null)).toBeNull();
  });
});

describe('pollPercentage', () => {
  it('matches the shared percentage with one decimal', () => {
    for (const [votes, total] of [
      [1, 3],
      [2, 3],
      [0, 0],
      [5, 5],
      [1, 8],
      [7, 9],
    ] as const) {
      expect(pollPercentage(votes, total)).toBe(percentage(votes, total));
    }
    expect(pollPercentage(1, 3)).toBe(33.3);
  });
});

describe('pollRows', () => {
  it('gives each option its votes and share, zero for options nobody chose', () => {
    const rows = pollRows(['أ', 'ب', 'ج'], { type: 'poll', poolStats: { '0': 3, '2': 1 }, totalVotes: 4 });
    expect(rows).toEqual([
      { index: 0, text: 'أ', votes: 3, percentage: 75 },
      { index: 1, text: 'ب', votes: 0, percentage: 0 },
      { index: 2, text: 'ج', votes: 1, percentage: 25 },
    ]);
  });
});

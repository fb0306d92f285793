import type { VotingStatistics } from '@ray/shared/schemas/post';

/*
 * The feed reads poll options on every card. These mirror `parsePollOptions` and `percentage` of the shared
 * post schema (a test keeps them identical) so that the first screen does not download the schema library.
 */

/** Options of a poll from their JSON-encoded form; null when they cannot be read. */
export function readPollOptions(value: string | null | undefined): string[] | null {
  if (value === null || value === undefined) return null;
  let list: unknown;
  try {
    list = JSON.parse(value);
  } catch {
    return null;
  }
  if (!Array.isArray(list) || !list.every((item) => typeof item === 'string')) return null;
  return list.map((item) => item.trim()).filter((item) => item.length > 0);
}

/** Share of the votes, out of 100 with one decimal. */
export function pollPercentage(votes: number, total: number): number {
  return total === 0 ? 0 : Math.round((votes / total) * 1000) / 10;
}

export interface PollRow {
  index: number;
  text: string;
  votes: number;
  percentage: number;
}

/** One row per option with its votes and share, from the counts a post carries. */
export function pollRows(options: readonly string[], statistics: VotingStatistics): PollRow[] {
  const counts = statistics.type === 'poll' ? statistics.poolStats : {};
  const votes = options.map((_, index) => counts[String(index)] ?? 0);
  const total = statistics.type === 'poll' ? statistics.totalVotes : 0;
  return options.map((text, index) => ({
    index,
    text,
    votes: votes[index] ?? 0,
    percentage: pollPercentage(votes[index] ?? 0, total),
  }));
}

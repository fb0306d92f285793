import type { Executor } from '../../db/client';
import { sqlState } from '../../lib/db-errors';
import { castVote, castVotes, type Ballot, type CastVote } from './votes.repository';

/** Batches written at once; while they are, the votes that arrive wait to go together in the next one. */
const BATCHES_AT_ONCE = 2;
/** The most votes one statement writes. */
const MOST_PER_BATCH = 100;

interface Waiting {
  ballot: Ballot;
  resolve: (cast: CastVote) => void;
  reject: (error: unknown) => void;
}

/**
 * Writes the votes of an instance: one alone when the database is free, and those that arrive while it is busy
 * together, in one statement and one transaction (cast_votes), much as the database groups the commits of busy
 * moments. Each vote's answer still waits for its own commit, so a vote answered is a vote written, and the
 * voter's next read shows it.
 *
 * A batch the database refuses as a whole (a vote by an account deleted meanwhile breaks a key) is written again
 * one vote at a time and in order, so that only the vote at fault fails. A batch lost with its connection is not:
 * it may have been written, and a like written twice is a like taken back.
 */
export class VoteBatches {
  private readonly waiting: Waiting[] = [];
  private writing = 0;

  constructor(
    private readonly db: Executor,
    private readonly excerptLength: number,
  ) {}

  cast(ballot: Ballot): Promise<CastVote> {
    return new Promise<CastVote>((resolve, reject) => {
      this.waiting.push({ ballot, resolve, reject });
      this.next();
    });
  }

  private next() {
    while (this.writing < BATCHES_AT_ONCE && this.waiting.length > 0) {
      const batch = this.waiting.splice(0, MOST_PER_BATCH);
      this.writing += 1;
      void this.write(batch).finally(() => {
        this.writing -= 1;
        this.next();
      });
    }
  }

  private async write(batch: Waiting[]): Promise<void> {
    if (batch.length === 1) {
      await this.writeAlone(batch[0]!);
      return;
    }
    let answers: CastVote[];
    try {
      answers = await castVotes(
        this.db,
        batch.map((item) => item.ballot),
        this.excerptLength,
      );
    } catch (error) {
      if (sqlState(error) === null) {
        for (const item of batch) item.reject(error);
        return;
      }
      for (const item of batch) await this.writeAlone(item);
      return;
    }
    batch.forEach((item, index) => {
      item.resolve(answers[index]!);
    });
  }

  private async writeAlone(item: Waiting): Promise<void> {
    try {
      item.resolve(await castVote(this.db, item.ballot, this.excerptLength));
    } catch (error) {
      item.reject(error);
    }
  }
}

/** Thrown by {@link WorkPool.run} when every slot is busy and the queue is full, or the wait grew too long. */
export class PoolFullError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('work pool full');
    this.name = 'PoolFullError';
  }
}

export interface WorkPoolOptions {
  /** Tasks that may run at the same time. */
  concurrency: number;
  /** Tasks that may wait for a slot; one more is refused at once. */
  maxQueued: number;
  /** Longest wait for a slot, past which a task is refused rather than started after its caller gave up. */
  maxWaitMs?: number;
}

interface Waiting {
  start(): void;
  timer: ReturnType<typeof setTimeout> | undefined;
}

/**
 * A fixed number of tasks at a time and a bounded line of waiting ones, first come first served. A caller past
 * the line is refused at once, and one that waited `maxWaitMs` is refused then, each with an estimate of when a
 * slot frees, rather than left waiting without end.
 */
export class WorkPool {
  private active = 0;
  private readonly waiting: Waiting[] = [];
  /** Moving average of how long a task runs, for the estimate given to refused callers. */
  private averageMs = 1_000;

  constructor(private readonly options: WorkPoolOptions) {}

  get running(): number {
    return this.active;
  }

  get queued(): number {
    return this.waiting.length;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.options.concurrency) {
      if (this.waiting.length >= this.options.maxQueued) throw new PoolFullError(this.retryAfterSeconds());
      await this.wait();
    } else {
      this.active += 1;
    }
    const started = performance.now();
    try {
      return await task();
    } finally {
      this.averageMs = 0.8 * this.averageMs + 0.2 * (performance.now() - started);
      // The slot passes straight to the next in line, so a newcomer can never overtake it.
      const next = this.waiting.shift();
      if (next) {
        clearTimeout(next.timer);
        next.start();
      } else {
        this.active -= 1;
      }
    }
  }

  private wait(): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const entry: Waiting = { start: resolve, timer: undefined };
      if (this.options.maxWaitMs !== undefined)
        entry.timer = setTimeout(() => {
          this.waiting.splice(this.waiting.indexOf(entry), 1);
          reject(new PoolFullError(this.retryAfterSeconds()));
        }, this.options.maxWaitMs);
      this.waiting.push(entry);
    });
  }

  /** Seconds until the line ahead of a newcomer has likely gone through, between 1 and 60. */
  retryAfterSeconds(): number {
    const ahead = this.active + this.waiting.length;
    const seconds = Math.ceil((ahead * this.averageMs) / this.options.concurrency / 1000);
    return Math.min(60, Math.max(1, seconds));
  }
}

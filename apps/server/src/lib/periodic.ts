import type { FastifyBaseLogger } from 'fastify';

export interface PeriodicJob {
  /** Also the name of the lock that keeps the job to one instance at a time. */
  name: string;
  intervalMs: number;
  run(): Promise<unknown>;
}

export type JobOutcome = 'done' | 'failed' | 'skipped';

/**
 * Runs jobs on a timer in every instance, each run under a lock that only one instance can hold at a time: an
 * instance that finds the lock taken skips that run. A failed run is logged and tried again at the next tick.
 */
export class PeriodicJobs {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly deps: {
      /** Runs `work` unless another instance holds the lock (then undefined). */
      tryExclusive: <T>(lock: string, work: () => Promise<T>) => Promise<T | undefined>;
      logger: FastifyBaseLogger;
      /** Sees each run's duration in seconds and how it ended. */
      observe?: (job: string, seconds: number, outcome: JobOutcome) => void;
    },
  ) {}

  start(job: PeriodicJob) {
    const timer = setInterval(() => {
      void this.runOnce(job);
    }, job.intervalMs);
    timer.unref();
    this.timers.add(timer);
  }

  /** One run now (also what each tick does); resolves with how it ended, never rejects. */
  runOnce(job: PeriodicJob): Promise<JobOutcome> {
    const started = process.hrtime.bigint();
    const outcome = this.deps
      .tryExclusive(`ray:job:${job.name}`, async () => {
        await job.run();
        return 'done' as const;
      })
      .then(
        (result) => result ?? ('skipped' as const),
        (error: unknown) => {
          this.deps.logger.warn(
            { err: error, job: job.name },
            'periodic job failed; retrying at the next run',
          );
          return 'failed' as const;
        },
      )
      .then((result) => {
        this.deps.observe?.(job.name, Number(process.hrtime.bigint() - started) / 1e9, result);
        return result;
      });
    const settled = outcome.then(() => undefined);
    this.running.add(settled);
    void settled.finally(() => this.running.delete(settled));
    return outcome;
  }

  /** Stops the timers and waits for runs in progress. */
  async stop() {
    for (const timer of this.timers) clearInterval(timer);
    this.timers.clear();
    await Promise.allSettled([...this.running]);
  }
}

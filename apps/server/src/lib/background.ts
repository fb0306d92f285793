import type { FastifyBaseLogger } from 'fastify';

/**
 * Work that carries on after the answer has left, such as a reset e-mail that must not make the answer slower
 * for a known address than for an unknown one. It starts once the current request's answer is written; a
 * failure is logged, and the app waits for what is still running before it closes (up to a limit, so a
 * mail server that never answers cannot hold the shutdown).
 */
export class BackgroundTasks {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly logger: FastifyBaseLogger) {}

  run(label: string, task: () => Promise<void>) {
    const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(task)
      .catch((error: unknown) => {
        this.logger.error({ err: error }, `${label} failed`);
      })
      .finally(() => this.running.delete(done));
    this.running.add(done);
  }

  async drain(limitMs = 10_000) {
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, limitMs);
    });
    const settled = (async () => {
      while (this.running.size > 0) await Promise.allSettled([...this.running]);
    })();
    await Promise.race([settled, limit]);
    clearTimeout(timer);
    if (this.running.size > 0)
      this.logger.warn({ tasks: this.running.size }, 'closing with background work unfinished');
  }
}

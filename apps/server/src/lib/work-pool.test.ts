import { describe, expect, it } from 'vitest';
import { PoolFullError, WorkPool } from './work-pool';

/** A task that runs until the test lets it finish, recording when it started. */
function gate(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    task: async () => {
      log.push(name);
      await done;
      return name;
    },
    finish: () => {
      finish();
    },
  };
}

describe('WorkPool', () => {
  it('runs at most `concurrency` tasks, starts the waiting ones in arrival order, refuses past the queue', async () => {
    const pool = new WorkPool({ concurrency: 2, maxQueued: 2 });
    const log: string[] = [];
    const [a, b, c, d, e] = ['a', 'b', 'c', 'd', 'e'].map((name) => gate(log, name));
    const runs = [a!, b!, c!, d!].map((work) => pool.run(work.task));
    await Promise.resolve();
    expect(log).toEqual(['a', 'b']);
    expect([pool.running, pool.queued]).toEqual([2, 2]);

    const refused = await pool.run(e!.task).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PoolFullError);
    expect((refused as PoolFullError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(log).not.toContain('e');

    b!.finish();
    await runs[1];
    await new Promise((resolve) => setImmediate(resolve));
    expect(log).toEqual(['a', 'b', 'c']);
    a!.finish();
    c!.finish();
    d!.finish();
    expect(await Promise.all(runs)).toEqual(['a', 'b', 'c', 'd']);
    expect([pool.running, pool.queued]).toEqual([0, 0]);
  });

  it('frees the slot of a task that fails', async () => {
    const pool = new WorkPool({ concurrency: 1, maxQueued: 0 });
    await expect(pool.run(() => Promise.reject(new Error('broken image')))).rejects.toThrow('broken image');
    expect(await pool.run(() => Promise.resolve('next'))).toBe('next');
    expect(pool.running).toBe(0);
  });

  it('refuses a task that waited longer than maxWaitMs and gives its place back', async () => {
    const pool = new WorkPool({ concurrency: 1, maxQueued: 5, maxWaitMs: 50 });
    const log: string[] = [];
    const [a, b] = [gate(log, 'a'), gate(log, 'b')];
    const first = pool.run(a.task);
    const late = await pool.run(b.task).catch((error: unknown) => error);
    expect(late).toBeInstanceOf(PoolFullError);
    expect(log).toEqual(['a']);
    expect([pool.running, pool.queued]).toEqual([1, 0]);
    a.finish();
    expect(await first).toBe('a');
    expect(pool.running).toBe(0);
  });
});

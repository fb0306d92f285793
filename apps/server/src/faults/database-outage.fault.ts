import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createPgCluster, registerAccount, send, startApp, type AppProcess, type PgCluster } from './support';

/**
 * PostgreSQL stops for a while under steady reads and writes. The process must stay up, answer database routes
 * with a quick 503 while the database is away, and recover by itself; every write it acknowledged must be stored.
 */

const OUTAGE_MS = Number(process.env.FAULT_OUTAGE_MS ?? 30_000);
const PG_PORT = 25_432;
const APP_PORT = 3_901;

let cluster: PgCluster;
let app: AppProcess;

beforeAll(async () => {
  cluster = createPgCluster(PG_PORT);
  app = await startApp(APP_PORT, { DATABASE_URL: cluster.url, DATABASE_POOL_SIZE: '10' });
}, 120_000);

afterAll(async () => {
  await app.stop();
  cluster.destroy();
});

interface Write {
  status: number;
  id: number | null;
  content: string;
}

it(
  'survives PostgreSQL stopping under load and keeps every acknowledged write',
  async () => {
    const { base } = app;
    const user = await registerAccount(base, 'pgfault');
    const writes: Write[] = [];
    const slowFailures: number[] = [];
    let phase: 'before' | 'outage' | 'after' = 'before';
    let running = true;
    let sequence = 0;

    async function worker() {
      while (running) {
        sequence += 1;
        const content = `منشور أثناء اختبار انقطاع قاعدة البيانات رقم ${sequence}`;
        const write = await send(base, 'POST', '/api/posts', { token: user.token, body: { content } });
        const id = write.status === 201 || write.status === 200 ? (write.body as { id: number }).id : null;
        writes.push({ status: write.status, id, content });
        const read = await send(base, 'GET', '/api/posts/paginated?pageSize=10');
        for (const answer of [write, read]) {
          if (phase === 'outage' && answer.status >= 500 && answer.ms > 2_000) slowFailures.push(answer.ms);
          // During the outage a refused request is a 503, never a 500 or a dropped connection.
          if (answer.status >= 500 || answer.status === 0)
            expect(answer.status, `app output:\n${app.errors()}`).toBe(503);
        }
        await sleep(20);
      }
    }

    const workers = Array.from({ length: 6 }, () => worker());
    await sleep(3_000);

    cluster.stop();
    phase = 'outage';
    await sleep(2_500);
    // Degraded, not unready: the database is every instance's, and a balancer that dropped them all would help
    // no one.
    const ready = await send(base, 'GET', '/api/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ status: 'degraded', database: 'down' });
    expect(ready.ms).toBeLessThan(2_000);
    const health = await send(base, 'GET', '/api/health');
    expect(health.status).toBe(200);
    const refused = await send(base, 'GET', '/api/posts/paginated');
    expect(refused.status).toBe(503);
    expect(refused.ms).toBeLessThan(2_000);
    expect(refused.body).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' });
    await sleep(Math.max(0, OUTAGE_MS - 2_500));

    cluster.start();
    const back = Date.now();
    phase = 'after';
    // Errors stop within ten seconds of the database's return.
    let recoveredAt: number | null = null;
    while (Date.now() - back < 15_000) {
      const probe = await send(base, 'GET', '/api/posts/paginated?pageSize=10');
      if (probe.status === 200) {
        recoveredAt = Date.now();
        break;
      }
      await sleep(200);
    }
    expect(recoveredAt).not.toBeNull();
    expect(recoveredAt! - back).toBeLessThan(10_000);
    const afterRecovery = writes.length;
    await sleep(3_000);
    running = false;
    await Promise.all(workers);

    expect(app.child.exitCode).toBeNull();
    expect(slowFailures).toEqual([]);
    const late = writes.slice(afterRecovery);
    expect(late.length).toBeGreaterThan(0);
    expect(late.every((write) => write.status === 201 || write.status === 200)).toBe(true);
    expect(writes.some((write) => write.status === 503)).toBe(true);

    // Every acknowledged write is in the database, with its text.
    const acknowledged = writes.filter((write) => write.id !== null);
    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ id: string; content: string }>(
        'select id, content from posts where id = any($1::bigint[])',
        [acknowledged.map((write) => write.id)],
      );
      const stored = new Map(rows.map((row) => [Number(row.id), row.content]));
      for (const write of acknowledged) expect(stored.get(write.id!)).toBe(write.content);
    } finally {
      await client.end();
    }
  },
  OUTAGE_MS + 120_000,
);

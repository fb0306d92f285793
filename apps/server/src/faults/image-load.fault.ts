import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { animatedGif } from '../test/animated-gif';
import { registerAccount, send, startApp, type AppProcess } from './support';

/**
 * Several users upload images of a few hundred bytes that decode to 48 million pixels each, as many at a time as
 * a user may, while someone signs in: signing in stays about as fast as on a quiet server, because image work
 * runs in its own bounded pool and never holds the threads that password hashing needs.
 */

const PORT = 3_911;
const UPLOADERS = 6;
/** IMAGE_UPLOADS_PER_USER's default. */
const IN_FLIGHT_PER_USER = 2;
const SAMPLES = 31;
/** 2,000 × 2,000 pixels × 12 frames: under the default budget of 50 million, so it is processed, not refused. */
const HEAVY = animatedGif(2_000, 2_000, 12);

let app: AppProcess;

beforeAll(async () => {
  app = await startApp(PORT, {});
}, 120_000);

afterAll(async () => {
  await app.stop();
});

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function signInTimes(email: string, password: string): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const answer = await send(app.base, 'POST', '/api/account/login', {
      body: { username: email, password, rememberMe: false },
      timeoutMs: 60_000,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    times.push(answer.ms);
  }
  return times;
}

async function upload(token: string): Promise<number> {
  const form = new FormData();
  form.append('file', new Blob([HEAVY], { type: 'image/gif' }), 'heavy.gif');
  try {
    const response = await fetch(`${app.base}/api/attachment/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
      signal: AbortSignal.timeout(120_000),
    });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}

it('keeps the median sign-in within 3× of a quiet server while users upload heavy animated images', async () => {
  const signer = await registerAccount(app.base, 'signer');
  const uploaders = await Promise.all(
    Array.from({ length: UPLOADERS }, (_, i) => registerAccount(app.base, `uploader${i}`)),
  );

  await signInTimes(signer.email, signer.password);
  const quiet = median(await signInTimes(signer.email, signer.password));

  const statuses: number[] = [];
  let running = true;
  const load = uploaders.flatMap((uploader) =>
    Array.from({ length: IN_FLIGHT_PER_USER }, async () => {
      // The next upload as soon as the last is answered, backing off a little when told to.
      while (running) {
        const status = await upload(uploader.token);
        statuses.push(status);
        if (status === 429 || status === 503) await sleep(250);
      }
    }),
  );
  await sleep(1_000);
  const loadedTimes = await signInTimes(signer.email, signer.password);
  running = false;
  await Promise.all(load);
  const loaded = median(loadedTimes);

  const ratio = loaded / quiet;
  const counts = statuses.reduce<Record<number, number>>((all, status) => {
    all[status] = (all[status] ?? 0) + 1;
    return all;
  }, {});
  process.stdout.write(
    `sign-in median: quiet ${quiet.toFixed(1)} ms, under image load ${loaded.toFixed(1)} ms, ` +
      `ratio ${ratio.toFixed(2)}; uploads by status ${JSON.stringify(counts)}\n`,
  );

  // The images were really processed, and refusals were the polite kinds, never a failure: busy (503), one
  // user's allowance (429) or, on a machine slowed by other work, the time budget (413).
  expect(counts[201] ?? 0).toBeGreaterThan(0);
  expect(statuses.filter((status) => ![201, 413, 429, 503].includes(status))).toEqual([]);
  expect(ratio).toBeLessThanOrEqual(3);
  expect(app.child.exitCode).toBeNull();
});

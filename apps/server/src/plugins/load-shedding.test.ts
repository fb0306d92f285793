import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ MAX_IN_FLIGHT: '2' });
});
afterAll(async () => {
  await t.close();
});

describe('load shedding', () => {
  it('refuses requests past the in-flight bound at once with 503 and Retry-After, then recovers', async () => {
    const register = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/account/register',
        payload: {
          email: `load${i}@example.com`,
          username: `load${i}`,
          password: 'Secret123',
          confirmPassword: 'Secret123',
          firstName: 'نورة',
          lastName: 'علي',
        },
      });
    const responses = await Promise.all(Array.from({ length: 8 }, (_, i) => register(i)));
    const refused = responses.filter((r) => r.statusCode === 503);
    expect(refused.length).toBeGreaterThan(0);
    expect(responses.filter((r) => r.statusCode === 201).length).toBeGreaterThan(0);
    expect(refused[0]!.headers['retry-after']).toBe('2');
    expect(refused[0]!.json<{ code: string }>().code).toBe('SERVICE_UNAVAILABLE');
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});

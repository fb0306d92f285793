import http from 'node:http';
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

  it('gives the slot back when a client leaves before its answer', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address !== 'object') throw new Error('not listening');
    // Registering hashes a password, slow enough for the client to hang up after sending its whole body.
    const leaving = Array.from(
      { length: 4 },
      (_, i) =>
        new Promise<void>((resolve) => {
          const request = http.request({
            port: address.port,
            host: '127.0.0.1',
            method: 'POST',
            path: '/api/account/register',
            headers: { 'content-type': 'application/json' },
          });
          request.on('error', () => undefined);
          request.end(
            JSON.stringify({
              email: `gone${i}@example.com`,
              username: `gone${i}`,
              password: 'Secret123',
              confirmPassword: 'Secret123',
              firstName: 'نورة',
              lastName: 'علي',
            }),
          );
          setTimeout(() => {
            request.destroy();
            resolve();
          }, 5);
        }),
    );
    await Promise.all(leaving);
    // Long enough for the abandoned registrations to finish on the server.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const health = await fetch(`http://127.0.0.1:${address.port}/api/health`);
    expect(health.status).toBe(200);
  });
});

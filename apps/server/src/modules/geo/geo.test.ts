import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg } from '@ray/shared/messages.ar';
import { bearer, createTestApp, registerUser, type TestApp, type TestUser } from '../../test/test-app';

/**
 * The public maps service is the one thing outside the app: a small server answers in its place, as a
 * Nominatim would, by language and place, or fails the way a service that is down does.
 */
const answers = new Map<string, { status: number; body: unknown }>();
const asked: { lat: string | null; lon: string | null; language: string | null }[] = [];
let geocoder: Server;
let t: TestApp;
let user: TestUser;

beforeAll(async () => {
  geocoder = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const query = {
      lat: url.searchParams.get('lat'),
      lon: url.searchParams.get('lon'),
      language: url.searchParams.get('accept-language'),
    };
    asked.push(query);
    const answer = answers.get(`${query.lat},${query.lon},${query.language}`) ?? { status: 200, body: {} };
    response.writeHead(answer.status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => geocoder.listen(0, '127.0.0.1', resolve));
  const { port } = geocoder.address() as AddressInfo;
  t = await createTestApp({ GEOCODER_URL: `http://127.0.0.1:${port}` });
  user = await registerUser(t.app);
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => geocoder.close(resolve));
});

const reverse = (query: string, token: string | null = user.token) =>
  t.app.inject({
    method: 'GET',
    url: `/api/geo/reverse?${query}`,
    headers: token ? bearer(token) : {},
  });

describe('GET /api/geo/reverse', () => {
  it('names a place in Arabic: its neighbourhood and city', async () => {
    answers.set('21.48,39.19,ar', {
      status: 200,
      body: { address: { neighbourhood: 'الروضة', city: 'جدة' }, display_name: 'الروضة، جدة، السعودية' },
    });
    const response = await reverse('lat=21.48&lon=39.19');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ locationName: 'الروضة، جدة' });
  });

  it('falls back to English when the place has no Arabic name', async () => {
    answers.set('51.5,-0.12,en', {
      status: 200,
      body: { address: { suburb: 'Westminster', city: 'London' } },
    });
    const response = await reverse('lat=51.5&lon=-0.12');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ locationName: 'Westminster، London' });
    expect(asked.filter((query) => query.lat === '51.5').map((query) => query.language)).toEqual([
      'ar',
      'en',
    ]);
  });

  it('answers 404 with the Arabic message for a place without any name', async () => {
    const response = await reverse('lat=0.5&lon=-30.5');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND', message: msg.locationUnavailable });
  });

  it('answers 503 with the Arabic message when the service fails, never a 500', async () => {
    answers.set('10.5,10.5,ar', { status: 500, body: { error: 'down' } });
    const response = await reverse('lat=10.5&lon=10.5');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: msg.locationFailed });
  });

  it('answers 503 with the Arabic message when the service cannot be reached', async () => {
    const offline = await createTestApp({ GEOCODER_URL: 'http://127.0.0.1:9' }, { sameDatabaseAs: t });
    try {
      const response = await offline.app.inject({
        method: 'GET',
        url: '/api/geo/reverse?lat=24.71&lon=46.68',
        headers: bearer(user.token),
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: msg.locationFailed });
    } finally {
      await offline.close();
    }
  });

  it('refuses coordinates off the globe or missing with 400 and the Arabic message', async () => {
    for (const query of ['lat=91&lon=10', 'lat=10&lon=181', 'lat=abc&lon=10', 'lon=10']) {
      const response = await reverse(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toMatchObject({ code: 'VALIDATION_FAILED', message: msg.invalidValue });
    }
  });

  it('answers a visitor with 401', async () => {
    const response = await reverse('lat=21.48&lon=39.19', null);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

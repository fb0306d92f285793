import type { LightMyRequestResponse } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg } from '@ray/shared/messages.ar';
import type { Ad, AdminAd } from '@ray/shared/schemas/ad';
import { adEvents } from '../../db/schema';
import { registerWithRole } from '../../test/roles';
import { bearer, createTestApp, registerUser, type TestApp, type TestUser } from '../../test/test-app';
import { AD_COUNT_WINDOW_MS, countWindowStart, NEW_VISITORS_PER_ADDRESS } from './ads.service';

let t: TestApp;
let admin: TestUser;
let user: TestUser;
let ad: AdminAd;

beforeAll(async () => {
  t = await createTestApp();
  admin = await registerWithRole(t, 'admin');
  user = await registerUser(t.app);
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/admin/ads',
    headers: bearer(admin.token),
    payload: {
      title: 'إعلان تجريبي',
      description: 'وصف',
      targetUrl: 'https://example.com/offer',
      placements: ['Sidebar', 'Header'],
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  ad = created.json<AdminAd>();
});
afterAll(async () => {
  await t.close();
});

/** The `ray_vid=…` pair of the answer's Set-Cookie, to send back as a browser would. */
function visitorCookieOf(response: LightMyRequestResponse): string | undefined {
  const header = response.headers['set-cookie'];
  const cookies = header === undefined ? [] : Array.isArray(header) ? header : [header];
  return cookies.find((cookie) => cookie.startsWith('ray_vid='))?.split(';')[0];
}

function adEvent(
  kind: 'impression' | 'click',
  id: number,
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return t.app.inject({ method: 'POST', url: `/api/ads/${id}/${kind}`, payload, headers });
}

async function createAd(placements: string[]): Promise<AdminAd> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/ads',
    headers: bearer(admin.token),
    payload: { title: 'إعلان للعدّ', targetUrl: 'https://example.com/count', placements },
  });
  return response.json<AdminAd>();
}

async function countsOf(id: number) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/admin/ads/${id}`,
    headers: bearer(admin.token),
  });
  const { impressions, clicks } = response.json<AdminAd>();
  return { impressions, clicks };
}

const eventsOf = (id: number, kind: 'impression' | 'click') =>
  t.database.db
    .select()
    .from(adEvents)
    .where(and(eq(adEvents.adId, id), eq(adEvents.kind, kind)))
    .orderBy(adEvents.id);

describe('ads', () => {
  it('serves active ads of a placement and none of another', async () => {
    const sidebar = (await t.app.inject({ method: 'GET', url: '/api/ads?placement=Sidebar' })).json<Ad[]>();
    expect(sidebar.map((a) => a.id)).toContain(ad.id);
    const footer = (await t.app.inject({ method: 'GET', url: '/api/ads?placement=Footer' })).json<Ad[]>();
    expect(footer.map((a) => a.id)).not.toContain(ad.id);
    expect((await t.app.inject({ method: 'GET', url: '/api/ads?placement=Nowhere' })).statusCode).toBe(400);
  });

  it('counts an impression once per visitor, ad and placement a day, with a cookie the server signs', async () => {
    const first = await adEvent('impression', ad.id, { placement: 'Sidebar', pageUrl: '/?q=سر' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ success: true, counted: true });
    expect(first.headers['cache-control']).toBe('no-store');
    const setCookie = String(first.headers['set-cookie']);
    expect(setCookie).toMatch(
      /^ray_vid=[\w-]{22}\.[\w-]{43}; Path=\/api\/ads; Max-Age=\d+; HttpOnly; SameSite=Lax$/,
    );
    const cookie = { cookie: visitorCookieOf(first)! };

    const again = await adEvent('impression', ad.id, { placement: 'Sidebar', pageUrl: '/' }, cookie);
    expect(again.json()).toEqual({ success: true, counted: false });
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(again.headers['cache-control']).toBe('no-store');
    const otherPage = await adEvent(
      'impression',
      ad.id,
      { placement: 'Sidebar', pageUrl: '/trends' },
      cookie,
    );
    expect(otherPage.json<{ counted: boolean }>().counted).toBe(false);
    const header = await adEvent('impression', ad.id, { placement: 'Header', pageUrl: '/' }, cookie);
    expect(header.json<{ counted: boolean }>().counted).toBe(true);

    expect((await adEvent('impression', ad.id, { placement: 'Footer', pageUrl: '/' })).statusCode).toBe(404);
    const evil = await adEvent('impression', ad.id, {
      placement: 'Sidebar',
      pageUrl: 'https://evil.example/',
    });
    expect(evil.statusCode).toBe(400);
    expect(evil.json()).toMatchObject({ message: msg.invalidValue });
    expect(evil.headers['set-cookie']).toBeUndefined();
    expect(await countsOf(ad.id)).toMatchObject({ impressions: 2 });
    const stored = await eventsOf(ad.id, 'impression');
    expect(stored.map((event) => [event.placement, event.page, event.counted])).toEqual([
      ['Sidebar', '/', true],
      ['Sidebar', '/', false],
      ['Sidebar', '/trends', false],
      ['Header', '/', true],
    ]);
  });

  it('counts a click and answers only the stored target', async () => {
    const click = await t.app.inject({
      method: 'POST',
      url: `/api/ads/${ad.id}/click`,
      payload: { referrerUrl: '/', targetUrl: 'https://evil.example' },
    });
    expect(click.json()).toEqual({ targetUrl: 'https://example.com/offer', counted: true });
    const list = (
      await t.app.inject({ method: 'GET', url: '/api/admin/ads', headers: bearer(admin.token) })
    ).json<AdminAd[]>();
    expect(list.find((a) => a.id === ad.id)!.clicks).toBe(1);
  });

  it('counts five clicks of one visitor as one, and keeps all five', async () => {
    const counted = await createAd(['Sidebar']);
    const first = await adEvent('click', counted.id, { referrerUrl: '/', placement: 'Sidebar' });
    const cookie = { cookie: visitorCookieOf(first)! };
    const answers = [first];
    for (let i = 0; i < 4; i++)
      answers.push(await adEvent('click', counted.id, { referrerUrl: '/', placement: 'Sidebar' }, cookie));
    expect(answers.map((answer) => answer.json<{ counted: boolean }>().counted)).toEqual([
      true,
      false,
      false,
      false,
      false,
    ]);
    expect(answers.every((answer) => answer.headers['cache-control'] === 'no-store')).toBe(true);
    expect(await countsOf(counted.id)).toEqual({ impressions: 0, clicks: 1 });
    const stored = await eventsOf(counted.id, 'click');
    expect(stored).toHaveLength(5);
    expect(stored.filter((event) => event.counted)).toHaveLength(1);
    expect(new Set(stored.map((event) => event.visitorKey)).size).toBe(1);
    expect(
      (await adEvent('click', counted.id, { placement: 'Footer' }, cookie)).statusCode,
      'a placement the ad is not in',
    ).toBe(404);
  });

  it('counts two visitors as two, and ignores a visitor key the client makes up', async () => {
    const counted = await createAd(['Header']);
    const payload = { placement: 'Header', pageUrl: '/', visitorKey: 'chosen-by-the-client' };
    const one = await adEvent('impression', counted.id, payload);
    const two = await adEvent('impression', counted.id, payload);
    expect([one, two].map((answer) => answer.json<{ counted: boolean }>().counted)).toEqual([true, true]);
    expect(visitorCookieOf(one)).not.toBe(visitorCookieOf(two));
    for (const visitorKey of ['another-made-up-key', 'chosen-by-the-client']) {
      const repeat = await adEvent(
        'impression',
        counted.id,
        { ...payload, visitorKey },
        { cookie: visitorCookieOf(one)! },
      );
      expect(repeat.json<{ counted: boolean }>().counted).toBe(false);
    }
    expect(await countsOf(counted.id)).toEqual({ impressions: 2, clicks: 0 });
    const keys = (await eventsOf(counted.id, 'impression')).map((event) => event.visitorKey);
    expect(keys.some((key) => key.includes('chosen-by-the-client') || key.includes('made-up'))).toBe(false);
  });

  it('ignores a forged or altered cookie and issues a new id', async () => {
    const counted = await createAd(['Sidebar']);
    const payload = { placement: 'Sidebar', pageUrl: '/' };
    const genuine = visitorCookieOf(await adEvent('impression', counted.id, payload))!;
    const [id, mac] = genuine.slice('ray_vid='.length).split('.') as [string, string];
    const flipped = `${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`;
    const otherId = `${id.slice(0, -1)}${id.endsWith('A') ? 'B' : 'A'}`;
    for (const forged of [
      `ray_vid=${id}.${flipped}`,
      `ray_vid=${otherId}.${mac}`,
      `ray_vid=${id}`,
      'ray_vid=visitor-key-1',
      `ray_vid=${id}.${mac}.extra`,
    ]) {
      const answer = await adEvent('impression', counted.id, payload, { cookie: forged });
      expect(answer.statusCode).toBe(200);
      expect(answer.json<{ counted: boolean }>().counted, forged).toBe(true);
      const issued = visitorCookieOf(answer);
      expect(issued, forged).toMatch(/^ray_vid=/);
      expect(issued).not.toBe(genuine);
      expect(issued!.split('.')[0]).not.toBe(`ray_vid=${id}`);
    }
    const kept = await adEvent('impression', counted.id, payload, { cookie: `theme=dark; ${genuine}` });
    expect(kept.json<{ counted: boolean }>().counted).toBe(false);
    expect(kept.headers['set-cookie']).toBeUndefined();
  });

  it('counts a client that drops its cookie only so many times per address an hour, and keeps every event', async () => {
    const counted = await createAd(['BetweenPosts']);
    const other = await createAd(['BetweenPosts']);
    const from = (remoteAddress: string, cookie?: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/ads/${counted.id}/click`,
        payload: { placement: 'BetweenPosts' },
        remoteAddress,
        ...(cookie ? { headers: { cookie } } : {}),
      });
    // A real visitor from the same address, who keeps the cookie of the first answer.
    const keeper = visitorCookieOf(await from('203.0.113.50'))!;
    const answers = [];
    for (let i = 0; i < NEW_VISITORS_PER_ADDRESS.max; i++) answers.push(await from('203.0.113.50'));
    expect(answers.filter((answer) => answer.json<{ counted: boolean }>().counted)).toHaveLength(
      NEW_VISITORS_PER_ADDRESS.max - 1,
    );
    expect(answers.at(-1)!.json<{ counted: boolean }>().counted).toBe(false);
    expect(visitorCookieOf(answers.at(-1)!)).toMatch(/^ray_vid=/);
    expect(await countsOf(counted.id)).toMatchObject({ clicks: NEW_VISITORS_PER_ADDRESS.max });
    expect(await eventsOf(counted.id, 'click')).toHaveLength(NEW_VISITORS_PER_ADDRESS.max + 1);
    // The visitor who kept the cookie, and a client at another address, still count.
    const kept = await t.app.inject({
      method: 'POST',
      url: `/api/ads/${other.id}/click`,
      payload: { placement: 'BetweenPosts' },
      remoteAddress: '203.0.113.50',
      headers: { cookie: keeper },
    });
    expect(kept.json<{ counted: boolean }>().counted).toBe(true);
    expect((await from('203.0.113.51')).json<{ counted: boolean }>().counted).toBe(true);
  });

  it('counts a signed-in user by account, without a cookie', async () => {
    const counted = await createAd(['PostDetail']);
    const payload = { placement: 'PostDetail', pageUrl: '/post/1' };
    const signedIn = await adEvent('impression', counted.id, payload, bearer(user.token));
    expect(signedIn.json<{ counted: boolean }>().counted).toBe(true);
    expect(signedIn.headers['set-cookie']).toBeUndefined();
    const visitor = visitorCookieOf(await adEvent('impression', counted.id, payload))!;
    const both = await adEvent('impression', counted.id, payload, { ...bearer(user.token), cookie: visitor });
    expect(both.json<{ counted: boolean }>().counted).toBe(false);
    const keys = (await eventsOf(counted.id, 'impression')).map((event) => event.visitorKey);
    expect(keys[0]).toBe(`user:${user.userId}`);
    expect(keys[1]).toMatch(/^visitor:[\w-]{22}$/);
  });

  it('counts a visitor again in the next window', async () => {
    const counted = await createAd(['Mobile']);
    const payload = { placement: 'Mobile', pageUrl: '/' };
    const first = await adEvent('impression', counted.id, payload);
    const cookie = { cookie: visitorCookieOf(first)! };
    const [event] = await eventsOf(counted.id, 'impression');
    // The first impression moved to the window before the current one.
    await t.database.db
      .update(adEvents)
      .set({ windowStart: new Date(countWindowStart().getTime() - AD_COUNT_WINDOW_MS) })
      .where(eq(adEvents.id, event!.id));
    const nextDay = await adEvent('impression', counted.id, payload, cookie);
    expect(nextDay.json<{ counted: boolean }>().counted).toBe(true);
    expect(await countsOf(counted.id)).toMatchObject({ impressions: 2 });
  });

  it('never sets the visitor cookie on a GET, cached or not', async () => {
    const cookie = visitorCookieOf(
      await adEvent('impression', ad.id, { placement: 'Header', pageUrl: '/' }),
    )!;
    for (const url of ['/api/ads?placement=Sidebar', `/api/ads/${ad.id}`, '/api/config', '/', '/trends'])
      for (const headers of [{}, { cookie }, { cookie: 'ray_vid=forged.value' }]) {
        const answer = await t.app.inject({ method: 'GET', url, headers });
        expect(answer.headers['set-cookie'], `${url} ${JSON.stringify(headers)}`).toBeUndefined();
      }
  });

  it('lets only admins manage ads, and a paused ad is not served', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/ads' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/ads', headers: bearer(user.token) })).statusCode,
    ).toBe(403);
    const paused = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/ads/${ad.id}`,
      headers: bearer(admin.token),
      payload: { title: ad.title, targetUrl: ad.targetUrl, placements: ['Sidebar'], isActive: false },
    });
    expect(paused.statusCode).toBe(200);
    const sidebar = (await t.app.inject({ method: 'GET', url: '/api/ads?placement=Sidebar' })).json<Ad[]>();
    expect(sidebar.map((a) => a.id)).not.toContain(ad.id);
    const javascriptUrl = await t.app.inject({
      method: 'POST',
      url: '/api/admin/ads',
      headers: bearer(admin.token),
      payload: { title: 'سيئ', targetUrl: 'javascript:alert(1)', placements: ['Sidebar'] },
    });
    expect(javascriptUrl.statusCode).toBe(400);
  });

  it('lists ads with their status and answers one by id', async () => {
    const create = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/ads',
        headers: bearer(admin.token),
        payload: {
          title: 'إعلان بفترة',
          targetUrl: 'https://example.com',
          placements: ['Footer'],
          ...payload,
        },
      });
    const day = 86_400_000;
    const scheduled = (await create({ startsAt: new Date(Date.now() + day).toISOString() })).json<AdminAd>();
    const ended = (
      await create({
        startsAt: new Date(Date.now() - 2 * day).toISOString(),
        endsAt: new Date(Date.now() - day).toISOString(),
      })
    ).json<AdminAd>();
    const running = (
      await create({ endsAt: new Date(Date.now() + day).toISOString(), weight: 7 })
    ).json<AdminAd>();
    expect([scheduled.status, ended.status, running.status]).toEqual(['scheduled', 'ended', 'active']);
    const list = (
      await t.app.inject({ method: 'GET', url: '/api/admin/ads', headers: bearer(admin.token) })
    ).json<AdminAd[]>();
    expect(list.slice(0, 3).map((a) => a.id)).toEqual([running.id, ended.id, scheduled.id]);
    const footer = (await t.app.inject({ method: 'GET', url: '/api/ads?placement=Footer' })).json<Ad[]>();
    expect(footer.map((a) => a.id)).toEqual([running.id]);

    const one = await t.app.inject({
      method: 'GET',
      url: `/api/admin/ads/${running.id}`,
      headers: bearer(admin.token),
    });
    expect(one.json()).toMatchObject({ id: running.id, weight: 7, status: 'active', placements: ['Footer'] });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/ads/999999', headers: bearer(admin.token) }))
        .statusCode,
    ).toBe(404);
  });

  it('pauses and resumes an ad without touching the rest of it', async () => {
    const status = (isActive: unknown, token = admin.token, id = ad.id) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/admin/ads/${id}/status`,
        headers: bearer(token),
        payload: { isActive },
      });
    const resumed = await status(true);
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json()).toMatchObject({ isActive: true, status: 'active', title: ad.title });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/ads?placement=Sidebar' }))
        .json<Ad[]>()
        .map((a) => a.id),
    ).toContain(ad.id);

    const paused = (await status(false)).json<AdminAd>();
    expect(paused).toMatchObject({ isActive: false, status: 'paused', placements: ['Sidebar'] });
    expect(paused.clicks).toBe(1);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/ads?placement=Sidebar' }))
        .json<Ad[]>()
        .map((a) => a.id),
    ).not.toContain(ad.id);

    expect((await status('yes')).statusCode).toBe(400);
    expect((await status(true, admin.token, 999999)).statusCode).toBe(404);
    expect((await status(true, user.token)).statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/admin/ads/${ad.id}/status`,
          payload: { isActive: true },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('refuses a period that ends before it starts, with the Arabic message', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/ads',
      headers: bearer(admin.token),
      payload: {
        title: 'فترة مقلوبة',
        targetUrl: 'https://example.com',
        placements: ['Sidebar'],
        startsAt: '2030-01-02T00:00:00.000Z',
        endsAt: '2030-01-01T00:00:00.000Z',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errors: { endsAt: [msg.adEndsBeforeStart] } });
  });

  it('refuses non-admins before looking at the body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/ads',
      headers: bearer(user.token),
      payload: { title: '' },
    });
    expect(response.statusCode).toBe(403);
  });

  it("answers the spec's placement query with different ads, taking turns by weight", async () => {
    const other = await createAd(['Sidebar']);
    const answers = await Promise.all(
      [1, 2, 3].map(async () =>
        (await t.app.inject({ method: 'GET', url: '/api/ads?placement=Sidebar' })).json<Ad[]>(),
      ),
    );
    for (const answer of answers) {
      expect(answer.length).toBeLessThanOrEqual(3);
      expect(new Set(answer.map((a) => a.id)).size).toBe(answer.length);
    }
    expect(answers.flat().map((a) => a.id)).toContain(other.id);
  });
});

describe('ads on a site served over https', () => {
  it('marks the visitor cookie Secure', async () => {
    const secure = await createTestApp({ PUBLIC_URL: 'https://ray.example' });
    try {
      const boss = await registerWithRole(secure, 'admin');
      const created = await secure.app.inject({
        method: 'POST',
        url: '/api/admin/ads',
        headers: bearer(boss.token),
        payload: { title: 'إعلان آمن', targetUrl: 'https://example.com', placements: ['Footer'] },
      });
      const answer = await secure.app.inject({
        method: 'POST',
        url: `/api/ads/${created.json<AdminAd>().id}/impression`,
        payload: { placement: 'Footer', pageUrl: '/' },
      });
      expect(answer.json<{ counted: boolean }>().counted).toBe(true);
      expect(String(answer.headers['set-cookie'])).toMatch(/; HttpOnly; SameSite=Lax; Secure$/);
    } finally {
      await secure.close();
    }
  });
});

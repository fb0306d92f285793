import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg } from '@ray/shared/messages.ar';
import type { Ad, AdminAd } from '@ray/shared/schemas/ad';
import { bearer, createTestApp, registerUser, type TestApp, type TestUser } from '../../test/test-app';
import { pickWeighted } from './ads.service';

let t: TestApp;
let admin: TestUser;
let user: TestUser;
let ad: AdminAd;

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: 'boss@example.com' });
  admin = await registerUser(t.app, { email: 'boss@example.com' });
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

describe('ads', () => {
  it('serves active ads of a placement and none of another', async () => {
    const sidebar = (await t.app.inject({ method: 'GET', url: '/api/ads?placement=Sidebar' })).json<Ad[]>();
    expect(sidebar.map((a) => a.id)).toContain(ad.id);
    const footer = (await t.app.inject({ method: 'GET', url: '/api/ads?placement=Footer' })).json<Ad[]>();
    expect(footer.map((a) => a.id)).not.toContain(ad.id);
    expect((await t.app.inject({ method: 'GET', url: '/api/ads?placement=Nowhere' })).statusCode).toBe(400);
  });

  it('counts an impression once per ad, placement, page and viewer', async () => {
    const impression = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/ads/${ad.id}/impression`,
        payload: { visitorKey: 'visitor-key-1', ...payload },
      });
    expect(
      (await impression({ placement: 'Sidebar', pageUrl: '/' })).json<{ counted: boolean }>().counted,
    ).toBe(true);
    expect(
      (await impression({ placement: 'Sidebar', pageUrl: '/' })).json<{ counted: boolean }>().counted,
    ).toBe(false);
    expect(
      (await impression({ placement: 'Header', pageUrl: '/' })).json<{ counted: boolean }>().counted,
    ).toBe(true);
    expect(
      (await impression({ placement: 'Sidebar', pageUrl: '/trends' })).json<{ counted: boolean }>().counted,
    ).toBe(true);
    expect((await impression({ placement: 'Footer', pageUrl: '/' })).statusCode).toBe(404);
    expect((await impression({ placement: 'Sidebar', pageUrl: 'https://evil.example/' })).statusCode).toBe(
      400,
    );
    const list = (
      await t.app.inject({ method: 'GET', url: '/api/admin/ads', headers: bearer(admin.token) })
    ).json<AdminAd[]>();
    expect(list.find((a) => a.id === ad.id)!.impressions).toBe(3);
  });

  it('counts a click and answers only the stored target', async () => {
    const click = await t.app.inject({
      method: 'POST',
      url: `/api/ads/${ad.id}/click`,
      payload: { referrerUrl: '/', targetUrl: 'https://evil.example' },
    });
    expect(click.json()).toEqual({ targetUrl: 'https://example.com/offer' });
    const list = (
      await t.app.inject({ method: 'GET', url: '/api/admin/ads', headers: bearer(admin.token) })
    ).json<AdminAd[]>();
    expect(list.find((a) => a.id === ad.id)!.clicks).toBe(1);
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

  it('picks by weight without repeating an ad', () => {
    const items = [
      { id: 1, weight: 1 },
      { id: 2, weight: 3 },
      { id: 3, weight: 1 },
    ];
    const picked = pickWeighted(items, 3, () => 0.5);
    expect(new Set(picked.map((i) => i.id)).size).toBe(3);
    expect(pickWeighted(items, 1, () => 0.3)[0]!.id).toBe(2);
  });
});

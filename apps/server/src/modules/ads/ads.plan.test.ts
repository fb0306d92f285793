import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg } from '@ray/shared/messages.ar';
import type { AdminAd, AdPlan } from '@ray/shared/schemas/ad';
import { registerWithRole } from '../../test/roles';
import { bearer, createTestApp, type TestApp, type TestUser } from '../../test/test-app';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await registerWithRole(t, 'admin');
});
afterAll(async () => {
  await t.close();
});

async function createAd(payload: Record<string, unknown>): Promise<AdminAd> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/ads',
    headers: bearer(admin.token),
    payload: { title: 'إعلان الخطة', targetUrl: 'https://example.com/plan', ...payload },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<AdminAd>();
}

async function clicksOf(id: number) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/admin/ads/${id}`,
    headers: bearer(admin.token),
  });
  return response.json<AdminAd>().clicks;
}

const plan = (query: string) => t.app.inject({ method: 'GET', url: `/api/ads/plan?${query}` });

describe('GET /api/ads/plan', () => {
  it("plans a page view that follows on from the viewer's last one, never repeating an ad in a row", async () => {
    const a = await createAd({ title: 'إعلان أ', placements: ['Mobile', 'BetweenPosts'], weight: 2 });
    const b = await createAd({ title: 'إعلان ب', placements: ['Mobile', 'BetweenPosts'] });
    const c = await createAd({ title: 'إعلان ج', placements: ['BetweenPosts'] });

    const first = await plan('placements=Mobile,BetweenPosts,Footer');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.headers['set-cookie']).toBeUndefined();
    const { slots } = first.json<AdPlan>();
    const top = slots.filter((slot) => slot.placement === 'Mobile');
    expect(top).toHaveLength(1);
    const feed = slots.filter((slot) => slot.placement === 'BetweenPosts').map((slot) => slot.ad.id);
    expect(feed.every((id, index) => index === 0 || feed[index - 1] !== id)).toBe(true);
    const times = new Map<number, number>();
    for (const slot of slots) times.set(slot.ad.id, (times.get(slot.ad.id) ?? 0) + 1);
    expect([...times.values()].every((count) => count <= 2)).toBe(true);
    // Three ads, twice each at most, one at the top: the feed gets five and then nothing fresh is left.
    expect(feed).toHaveLength(5);
    expect(new Set(slots.map((slot) => slot.ad.id))).toEqual(new Set([a.id, b.id, c.id]));
    expect(slots.some((slot) => slot.placement === 'Footer')).toBe(false);

    // The next page view carries on after the ad the viewer saw last in each placement.
    const lastTop = top[0]!;
    const next = (
      await plan(`placements=Mobile&after=Mobile.${lastTop.turn}.${lastTop.ad.id}`)
    ).json<AdPlan>();
    expect(next.slots).toHaveLength(1);
    expect(next.slots[0]!.ad.id).not.toBe(lastTop.ad.id);
    expect(next.slots[0]!.turn).toBeGreaterThan(lastTop.turn);
  });

  it('gives a page with the sidebar its one ad, and a placement with no ads nothing', async () => {
    const side = await createAd({ placements: ['Sidebar', 'Header'] });
    const { slots } = (await plan('placements=Sidebar,Header,BetweenPosts')).json<AdPlan>();
    expect(slots.map((slot) => [slot.placement, slot.ad.id])).toEqual([['Sidebar', side.id]]);
    expect((await plan('placements=PostDetail')).json<AdPlan>()).toEqual({ slots: [] });
  });

  it('refuses unknown placements and a malformed place in the rotation with the Arabic message', async () => {
    for (const query of [
      'placements=Nowhere',
      'placements=',
      'placements=Header&after=Header.x.1',
      'after=Header.1.1',
    ]) {
      const response = await plan(query);
      expect(response.statusCode, query).toBe(400);
      expect(JSON.stringify(response.json()), query).toContain(msg.invalidValue);
    }
  });
});

describe('GET /api/ads/{id}/click', () => {
  it("records the click and redirects to the ad's stored target only", async () => {
    const ad = await createAd({ placements: ['Header'], targetUrl: 'https://example.com/offer?x=1' });
    const before = await clicksOf(ad.id);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/ads/${ad.id}/click?placement=Header&page=/trends&to=https://evil.example/`,
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('https://example.com/offer?x=1');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(await clicksOf(ad.id)).toBe(before + 1);
  });

  it('redirects to a path inside the site for an ad that points there', async () => {
    const ad = await createAd({ placements: ['Sidebar'], targetUrl: '/create-post' });
    const response = await t.app.inject({ method: 'GET', url: `/api/ads/${ad.id}/click` });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/create-post');
  });

  it('answers 404 for an unknown, paused or ended ad and records nothing', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/ads/999999/click' })).statusCode).toBe(404);
    const paused = await createAd({ placements: ['Header'], isActive: false });
    const ended = await createAd({
      placements: ['Header'],
      startsAt: new Date(Date.now() - 2 * 86_400_000).toISOString(),
      endsAt: new Date(Date.now() - 86_400_000).toISOString(),
    });
    for (const ad of [paused, ended]) {
      const response = await t.app.inject({ method: 'GET', url: `/api/ads/${ad.id}/click` });
      expect(response.statusCode).toBe(404);
      expect(response.headers.location).toBeUndefined();
      expect(await clicksOf(ad.id)).toBe(0);
    }
  });

  it('refuses a placement the ad is not in, and a bad page, with a 4xx', async () => {
    const ad = await createAd({ placements: ['Header'] });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/ads/${ad.id}/click?placement=Footer` })).statusCode,
    ).toBe(404);
    const bad = await t.app.inject({
      method: 'GET',
      url: `/api/ads/${ad.id}/click?page=https://evil.example`,
    });
    expect(bad.statusCode).toBe(400);
    expect(await clicksOf(ad.id)).toBe(0);
  });
});

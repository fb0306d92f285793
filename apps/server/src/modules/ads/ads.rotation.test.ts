import { describe, expect, it } from 'vitest';
import { AD_FEED_SLOTS_PER_VIEW, AD_SAME_AD_PER_VIEW } from '@ray/shared/constants';
import { planPageView, takeFromRotation } from './ads.plan';
import { adAtTurn } from './ads.rotation';

const turns = (ads: { id: number; weight: number }[], count: number, from = 0) =>
  Array.from({ length: count }, (_, index) => adAtTurn(ads, from + index)!);

const countsOf = (ids: number[]) =>
  ids.reduce<Record<number, number>>((counts, id) => ({ ...counts, [id]: (counts[id] ?? 0) + 1 }), {});

const neverTwiceInARow = (ids: number[]) => ids.every((id, index) => index === 0 || ids[index - 1] !== id);

describe('ad rotation (smooth weighted round robin)', () => {
  it('shows each ad in proportion to its weight over many turns', () => {
    const ads = [
      { id: 7, weight: 3 },
      { id: 8, weight: 2 },
      { id: 9, weight: 1 },
    ];
    expect(countsOf(turns(ads, 6000))).toEqual({ 7: 3000, 8: 2000, 9: 1000 });
    const uneven = [
      { id: 1, weight: 5 },
      { id: 2, weight: 4 },
      { id: 3, weight: 2 },
      { id: 4, weight: 1 },
    ];
    expect(countsOf(turns(uneven, 1200))).toEqual({ 1: 500, 2: 400, 3: 200, 4: 100 });
  });

  it('never shows the same ad twice in a row, across rounds too', () => {
    for (const ads of [
      [
        { id: 7, weight: 3 },
        { id: 8, weight: 2 },
        { id: 9, weight: 1 },
      ],
      [
        { id: 1, weight: 1 },
        { id: 2, weight: 1 },
      ],
      [
        { id: 1, weight: 40 },
        { id: 2, weight: 1 },
        { id: 3, weight: 7 },
      ],
    ])
      expect(neverTwiceInARow(turns(ads, 5000))).toBe(true);
  });

  it('holds an ad heavier than all the others together to every other turn', () => {
    const ids = turns(
      [
        { id: 1, weight: 9 },
        { id: 2, weight: 1 },
        { id: 3, weight: 2 },
      ],
      600,
    );
    expect(neverTwiceInARow(ids)).toBe(true);
    expect(countsOf(ids)[1]).toBe(300);
  });

  it('is the same sequence whatever order the ads come in, so every server agrees', () => {
    const a = [
      { id: 3, weight: 2 },
      { id: 1, weight: 1 },
      { id: 2, weight: 4 },
    ];
    expect(turns([...a].reverse(), 50)).toEqual(turns(a, 50));
    expect(adAtTurn(a, 1_000_003)).toBe(adAtTurn([...a].reverse(), 1_000_003));
  });

  it("continues a viewer's rotation after the ad they saw last, never with that ad", () => {
    const ads = [
      { id: 1, weight: 2 },
      { id: 2, weight: 1 },
    ];
    const taken = takeFromRotation(ads, { turn: 4, adId: 1 }, 3, () => true);
    expect(taken[0]!.turn).toBeGreaterThan(4);
    expect(taken[0]!.ad.id).toBe(2);
    expect(neverTwiceInARow([1, ...taken.map((entry) => entry.ad.id)])).toBe(true);
    // A single ad the viewer has just seen has nothing fresh to follow it.
    expect(takeFromRotation([{ id: 5, weight: 1 }], { turn: 0, adId: 5 }, 1, () => true)).toEqual([]);
  });
});

describe("a page view's ad plan", () => {
  const ads = [
    { id: 1, weight: 1 },
    { id: 2, weight: 1 },
    { id: 3, weight: 1 },
  ];

  it('shows only the sidebar ad when the sidebar has one, since it stays in view', () => {
    const plan = planPageView(['Sidebar', 'Header', 'BetweenPosts', 'Footer'], () => ads, {});
    expect(plan.map((slot) => slot.placement)).toEqual(['Sidebar']);
  });

  it('gives the top of the page one ad, then between posts never the same twice in a row nor more than twice', () => {
    const plan = planPageView(['Mobile', 'PostDetail', 'BetweenPosts', 'Footer'], () => ads, {});
    expect(plan.filter((slot) => slot.placement === 'Mobile')).toHaveLength(1);
    expect(plan.some((slot) => slot.placement === 'PostDetail' || slot.placement === 'Footer')).toBe(false);
    const feed = plan.filter((slot) => slot.placement === 'BetweenPosts').map((slot) => slot.ad.id);
    expect(neverTwiceInARow(feed)).toBe(true);
    const counts = countsOf(plan.map((slot) => slot.ad.id));
    expect(Math.max(...Object.values(counts))).toBeLessThanOrEqual(AD_SAME_AD_PER_VIEW);
    // Three ads, twice each at most, one of them at the top: five between posts, then nothing fresh is left.
    expect(feed).toHaveLength(5);
    expect(feed.length).toBeLessThan(AD_FEED_SLOTS_PER_VIEW);
  });

  it('leaves placements empty rather than repeat an ad, and the footer only on a page with no other ad', () => {
    const one = [{ id: 9, weight: 5 }];
    const plan = planPageView(['Mobile', 'BetweenPosts', 'Footer'], () => one, {});
    // The one ad, at the top and once between posts, a screen apart; no third time, so the rest stay empty.
    expect(plan.map((slot) => [slot.placement, slot.ad.id])).toEqual([
      ['Mobile', 9],
      ['BetweenPosts', 9],
    ]);
    const footerOnly = planPageView(
      ['Header', 'Footer'],
      (placement) => (placement === 'Footer' ? one : []),
      {},
    );
    expect(footerOnly.map((slot) => slot.placement)).toEqual(['Footer']);
    expect(planPageView(['Header', 'BetweenPosts'], () => [], {})).toEqual([]);
  });

  it('shows an ad the page has not shown yet before one it has', () => {
    const top = [{ id: 1, weight: 9 }];
    const feedAds = [
      { id: 1, weight: 9 },
      { id: 2, weight: 1 },
    ];
    const plan = planPageView(
      ['Mobile', 'BetweenPosts'],
      (placement) => (placement === 'Mobile' ? top : feedAds),
      {},
    );
    // The top's ad, then the other one first between posts; each at most twice on the page.
    expect(plan.map((slot) => slot.ad.id)).toEqual([1, 2, 1, 2]);
  });

  it("starts each placement after where the viewer's last page left it", () => {
    const first = planPageView(['Header'], () => ads, {});
    const second = planPageView(['Header'], () => ads, {
      Header: { turn: first[0]!.turn, adId: first[0]!.ad.id },
    });
    expect(second[0]!.ad.id).not.toBe(first[0]!.ad.id);
    expect(second[0]!.turn).toBeGreaterThan(first[0]!.turn);
  });
});

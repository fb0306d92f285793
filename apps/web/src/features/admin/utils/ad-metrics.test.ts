import type { AdminAd } from '@ray/shared/schemas/ad';
import { describe, expect, it } from 'vitest';
import { clickThroughRate, summarizeAds } from './ad-metrics';

describe('click-through rate', () => {
  it('is clicks over impressions in percent, and none before the first impression', () => {
    expect(clickThroughRate(5, 200)).toBe(2.5);
    expect(clickThroughRate(0, 40)).toBe(0);
    expect(clickThroughRate(0, 0)).toBeNull();
    expect(clickThroughRate(3, 0)).toBeNull();
    // Clicks can outnumber counted impressions (an impression counts once per page); the rate stops at 100%.
    expect(clickThroughRate(9, 3)).toBe(100);
  });

  it('sums the counts of every ad and counts the active ones', () => {
    const ad = (status: AdminAd['status'], impressions: number, clicks: number) =>
      ({ status, impressions, clicks }) as AdminAd;
    expect(summarizeAds([ad('active', 100, 4), ad('paused', 300, 4), ad('ended', 0, 0)])).toEqual({
      active: 1,
      total: 3,
      impressions: 400,
      clicks: 8,
      ctr: 2,
    });
    expect(summarizeAds([]).ctr).toBeNull();
  });
});

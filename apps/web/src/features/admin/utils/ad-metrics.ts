import type { AdminAd } from '@ray/shared/schemas/ad';

/** Click-through rate in percent, or null before the first impression (0 of 0 is no rate at all). */
export function clickThroughRate(clicks: number, impressions: number): number | null {
  if (impressions <= 0) return null;
  return (Math.min(clicks, impressions) / impressions) * 100;
}

export interface AdsSummary {
  active: number;
  total: number;
  impressions: number;
  clicks: number;
  ctr: number | null;
}

export function summarizeAds(ads: AdminAd[]): AdsSummary {
  const impressions = ads.reduce((sum, ad) => sum + ad.impressions, 0);
  const clicks = ads.reduce((sum, ad) => sum + ad.clicks, 0);
  return {
    active: ads.filter((ad) => ad.status === 'active').length,
    total: ads.length,
    impressions,
    clicks,
    ctr: clickThroughRate(clicks, impressions),
  };
}

import { TRENDING_DAYS_DEFAULT, TRENDING_PERIODS } from '@ray/shared/constants';

/** The period (1, 7 or 30 days, else the default) and the tag filter of a /trends address. */
export function readTrendsParams(params: URLSearchParams): { days: number; tag: string } {
  const days = Number(params.get('days'));
  return {
    days: (TRENDING_PERIODS as readonly number[]).includes(days) ? days : TRENDING_DAYS_DEFAULT,
    tag: (params.get('hashtag') ?? '').trim(),
  };
}

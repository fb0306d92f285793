import type { HashtagDay } from '@ray/shared/schemas/hashtag';
import { useId } from 'react';
import { discoveryStrings } from '@/i18n/discovery.ar';
import { formatNumber } from '@/lib/format';
import { sparklineArea, sparklinePath, summarizeSeries } from '../utils/sparkline';

const WIDTH = 96;
const HEIGHT = 28;
const BOX = { width: WIDTH, height: HEIGHT, padding: 2 };

/** How many distinct authors used a tag each day of the period, as a small line; oldest day on the left. */
export function Sparkline({ daily }: { daily: HashtagDay[] }) {
  const gradientId = useId();
  const values = daily.map((day) => day.count);
  const { total, peak, last } = summarizeSeries(values);
  const label =
    total === 0
      ? discoveryStrings.trends.sparklineEmpty
      : discoveryStrings.trends.sparkline(
          values.map((value) => formatNumber(value)).join('، '),
          formatNumber(peak),
          formatNumber(last),
        );

  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width={WIDTH}
      height={HEIGHT}
      className="shrink-0 overflow-visible text-brand-600"
    >
      <title>{label}</title>
      <defs>
        <linearGradient id={gradientId} x1="0" x2="0" y1="0" y2="1">
          <stop offset="0%" stopColor="currentColor" stopOpacity="0.25" />
          <stop offset="100%" stopColor="currentColor" stopOpacity="0" />
        </linearGradient>
      </defs>
      <path d={sparklineArea(values, BOX)} fill={`url(#${gradientId})`} stroke="none" />
      <path
        d={sparklinePath(values, BOX)}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.75"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

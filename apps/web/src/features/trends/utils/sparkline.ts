export interface SparklineBox {
  width: number;
  height: number;
  /** Room kept on every side so the stroke is not clipped. */
  padding?: number;
}

const round = (value: number) => Math.round(value * 100) / 100;

/** The points of a line through `values`, oldest on the left, scaled so the highest touches the top. */
export function sparklinePoints(values: readonly number[], box: SparklineBox): [number, number][] {
  const padding = box.padding ?? 2;
  const innerWidth = box.width - padding * 2;
  const innerHeight = box.height - padding * 2;
  const max = Math.max(0, ...values);
  const bottom = box.height - padding;
  if (values.length === 0) return [];
  if (values.length === 1) {
    const y = max > 0 ? padding : bottom;
    return [
      [padding, y],
      [box.width - padding, y],
    ];
  }
  const step = innerWidth / (values.length - 1);
  return values.map((value, index) => [
    round(padding + index * step),
    round(max > 0 ? bottom - (Math.max(0, value) / max) * innerHeight : bottom),
  ]);
}

/** An SVG path (`M x y L x y ...`) for the line; '' when there is nothing to draw. */
export function sparklinePath(values: readonly number[], box: SparklineBox): string {
  const points = sparklinePoints(values, box);
  return points.map(([x, y], index) => `${index === 0 ? 'M' : 'L'}${x} ${y}`).join(' ');
}

/** The same line closed along the bottom, for a soft fill under it. */
export function sparklineArea(values: readonly number[], box: SparklineBox): string {
  const points = sparklinePoints(values, box);
  if (points.length === 0) return '';
  const bottom = box.height - (box.padding ?? 2);
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return '';
  return `${sparklinePath(values, box)} L${last[0]} ${bottom} L${first[0]} ${bottom} Z`;
}

export interface SparklineSummary {
  total: number;
  peak: number;
  last: number;
}

export function summarizeSeries(values: readonly number[]): SparklineSummary {
  return {
    total: values.reduce((sum, value) => sum + value, 0),
    peak: Math.max(0, ...values),
    last: values.at(-1) ?? 0,
  };
}

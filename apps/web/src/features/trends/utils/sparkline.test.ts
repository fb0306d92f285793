import { describe, expect, it } from 'vitest';
import { sparklineArea, sparklinePath, sparklinePoints, summarizeSeries } from './sparkline';

const box = { width: 100, height: 20, padding: 0 };

describe('sparklinePath', () => {
  it('spreads the days across the width and puts the busiest day at the top', () => {
    expect(sparklinePath([0, 5, 10], box)).toBe('M0 20 L50 10 L100 0');
  });

  it('draws a flat line along the bottom when nobody used the tag', () => {
    expect(sparklinePath([0, 0, 0], box)).toBe('M0 20 L50 20 L100 20');
  });

  it('draws a single day as a line across', () => {
    expect(sparklinePoints([3], box)).toEqual([
      [0, 0],
      [100, 0],
    ]);
  });

  it('is empty without data and keeps the padding', () => {
    expect(sparklinePath([], box)).toBe('');
    expect(sparklinePath([1, 1], { width: 10, height: 10, padding: 2 })).toBe('M2 2 L8 2');
  });

  it('closes the area along the bottom', () => {
    expect(sparklineArea([0, 10], box)).toBe('M0 20 L100 0 L100 20 L0 20 Z');
  });
});

describe('summarizeSeries', () => {
  it('gives the total, the peak and the last day', () => {
    expect(summarizeSeries([1, 4, 2])).toEqual({ total: 7, peak: 4, last: 2 });
    expect(summarizeSeries([])).toEqual({ total: 0, peak: 0, last: 0 });
  });
});

import { describe, expect, it } from 'vitest';
import { percentile, percentiles } from './stats.ts';

describe('percentile', () => {
  it('answers the nearest-rank value', () => {
    const sorted = Array.from({ length: 100 }, (_, index) => index + 1);
    expect(percentile(sorted, 0.5)).toBe(50);
    expect(percentile(sorted, 0.95)).toBe(95);
    expect(percentile(sorted, 1)).toBe(100);
    expect(percentile([7], 0.99)).toBe(7);
  });

  it('is NaN without samples', () => {
    expect(percentile([], 0.5)).toBeNaN();
    expect(percentiles([]).p95).toBeNaN();
  });

  it('sorts a copy of unsorted samples', () => {
    const samples = [5, 1, 4, 2, 3];
    expect(percentiles(samples)).toEqual({ count: 5, p50: 3, p95: 5, p99: 5, max: 5 });
    expect(samples).toEqual([5, 1, 4, 2, 3]);
  });
});

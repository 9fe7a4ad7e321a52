/** The value at `fraction` (0.95 for p95) of values sorted ascending (nearest rank); NaN when there are none. */
export function percentile(sortedAscending: readonly number[], fraction: number): number {
  if (!sortedAscending.length) return Number.NaN;
  const index = Math.min(sortedAscending.length - 1, Math.max(0, Math.ceil(fraction * sortedAscending.length) - 1));
  return sortedAscending[index]!;
}

export interface Percentiles {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** p50, p95, p99 and max of samples in any order (the samples are not changed). */
export function percentiles(samples: readonly number[]): Percentiles {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    max: sorted.at(-1) ?? Number.NaN,
  };
}

/** Times `run` `times` times in a row (one at a time) and answers the percentiles of the durations in ms. */
export async function timeEach(run: () => Promise<unknown>, times = 100): Promise<Percentiles> {
  const durations: number[] = [];
  for (let index = 0; index < times; index += 1) {
    const started = performance.now();
    await run();
    durations.push(performance.now() - started);
  }
  return percentiles(durations);
}

import { describe, expect, it } from 'vitest';
import { signInDelayMs } from './sign-in-slowdown.ts';

const rule = { freeFailures: 3, baseMs: 500, maxMs: 4000 };

describe('sign-in slowdown', () => {
  it('answers at full speed below the free failures', () => {
    expect([0, 1, 2].map((failures) => signInDelayMs(failures, rule))).toEqual([0, 0, 0]);
  });

  it('doubles the delay with each further failure, up to the maximum', () => {
    expect([3, 4, 5, 6, 7, 1000].map((failures) => signInDelayMs(failures, rule))).toEqual([
      500, 1000, 2000, 4000, 4000, 4000,
    ]);
  });
});

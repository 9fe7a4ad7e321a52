import { describe, expect, it } from 'vitest';
import { gracePeriodText } from './grace-period.ts';

describe('the grace period in words', () => {
  it('says days as configured, and a test’s shorter period in its own unit', () => {
    expect(gracePeriodText(7)).toBe('7 days');
    expect(gracePeriodText(1)).toBe('1 day');
    expect(gracePeriodText(1.5)).toBe('1.5 days');
    expect(gracePeriodText(0.25)).toBe('6 hours');
    expect(gracePeriodText(10 / 1440)).toBe('10 minutes');
    expect(gracePeriodText(3 / 86_400)).toBe('3 seconds');
  });
});

import { describe, expect, it } from 'vitest';
import { countdownTo, onlineListView, storagePercent, truncate } from './dashboard-rules.ts';

describe('the launch countdown', () => {
  const launch = new Date('2026-01-02T00:00:00Z');

  it('splits the time left into days, hours, minutes and seconds', () => {
    expect(countdownTo(launch, new Date('2025-12-30T22:58:57Z'))).toEqual({
      days: 2,
      hours: 1,
      minutes: 1,
      seconds: 3,
    });
  });

  it('reports the launch as happened once the date has passed, never negative numbers', () => {
    expect(countdownTo(launch, new Date('2026-11-22T12:00:00Z'))).toBeNull();
    expect(countdownTo(launch, launch)).toBeNull();
  });
});

describe("who's online", () => {
  it("shows eight members and counts the rest as '+N more'", () => {
    const users = Array.from({ length: 11 }, (_, index) => `member-${index}`);
    const view = onlineListView(users);
    expect(view.shown).toEqual(users.slice(0, 8));
    expect(view.more).toBe(3);
  });

  it('has nothing more to show when eight or fewer are online', () => {
    expect(onlineListView(['a', 'b']).more).toBe(0);
  });
});

describe('dashboard text rules', () => {
  it('cuts content at the limit and leaves shorter text alone', () => {
    expect(truncate('x'.repeat(151), 150)).toBe(`${'x'.repeat(150)}...`);
    expect(truncate('short', 150)).toBe('short');
  });

  it('shows storage use with one decimal, capped at 100', () => {
    expect(storagePercent(524_288, 1_048_576)).toBe('50.0%');
    expect(storagePercent(1, 3)).toBe('33.3%');
    expect(storagePercent(5, 0)).toBe('0.0%');
  });
});

import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { ApiError, parseRetryAfter } from './api-error.ts';
import { backoffDelayMs, queryRetryDelay, retryMessage, retryReadsOnBackOff } from './backoff.ts';

describe('client back-off on 429 and 503', () => {
  it('waits what Retry-After says, in seconds or as a date', () => {
    expect(backoffDelayMs(0, new ApiError(429, 'slow down', 20))).toBe(20_000);
    expect(parseRetryAfter('7')).toBe(7);
    expect(parseRetryAfter(new Date(Date.UTC(2026, 0, 1, 0, 0, 30)).toUTCString(), Date.UTC(2026, 0, 1))).toBe(30);
    expect(parseRetryAfter('soon')).toBeUndefined();
  });

  it('without Retry-After doubles from 1 s to a 60 s cap, jittered to 50-100 %, and never waits zero', () => {
    const error = new ApiError(503, 'busy');
    expect([0, 1, 2, 6, 7, 30].map((attempt) => backoffDelayMs(attempt, error, () => 1))).toEqual([
      1_000, 2_000, 4_000, 60_000, 60_000, 60_000,
    ]);
    expect(backoffDelayMs(3, error, () => 0)).toBe(4_000);
    expect(backoffDelayMs(0, new ApiError(429, 'now', 0))).toBe(1_000);
  });

  it('retries reads only on 429 and 503, a few times', () => {
    const retry = retryReadsOnBackOff(3);
    expect(retry(0, new ApiError(429, ''))).toBe(true);
    expect(retry(2, new ApiError(503, ''))).toBe(true);
    expect(retry(3, new ApiError(503, ''))).toBe(false);
    expect(retry(0, new ApiError(500, ''))).toBe(false);
    expect(retry(0, new ApiError(404, ''))).toBe(false);
  });

  it('says what it is waiting for and how long', () => {
    // The clock stands still, so the wait is counted from the instant the retry was scheduled.
    vi.useFakeTimers({ now: 1_800_000_000_000 });
    onTestFinished(() => void vi.useRealTimers());
    const limited = new ApiError(429, '', 20);
    const now = Date.now();
    queryRetryDelay(0, limited);
    expect(retryMessage(limited, now)).toBe('Too many requests: retrying in 20 s');
    expect(retryMessage(limited, now + 12_500)).toBe('Too many requests: retrying in 8 s');
    const busy = new ApiError(503, '', 5);
    queryRetryDelay(0, busy);
    expect(retryMessage(busy, now)).toBe('The service is busy: retrying in 5 s');
    expect(retryMessage(new ApiError(500, ''))).toBeNull();
  });
});

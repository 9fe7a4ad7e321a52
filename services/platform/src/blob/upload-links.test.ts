import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../logging/logger.ts';
import { sweepUploadsPeriodically } from './upload-links.ts';

const FIVE_MINUTES = 5 * 60_000;

describe('sweepUploadsPeriodically', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sweeps every five minutes, not at once, and never after it is stopped', async () => {
    let sweeps = 0;
    const stop = sweepUploadsPeriodically(async () => void sweeps++, silentLogger);
    expect(sweeps).toBe(0);
    await vi.advanceTimersByTimeAsync(FIVE_MINUTES);
    expect(sweeps).toBe(1);
    await vi.advanceTimersByTimeAsync(FIVE_MINUTES);
    expect(sweeps).toBe(2);
    stop();
    await vi.advanceTimersByTimeAsync(3 * FIVE_MINUTES);
    expect(sweeps).toBe(2);
  });

  it('logs a failed sweep and sweeps again at the next interval', async () => {
    const logger = { ...silentLogger, warn: vi.fn() };
    let sweeps = 0;
    const stop = sweepUploadsPeriodically(async () => {
      sweeps++;
      if (sweeps === 1) throw new Error('store down');
    }, logger);
    await vi.advanceTimersByTimeAsync(2 * FIVE_MINUTES);
    stop();
    expect(sweeps).toBe(2);
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(logger.warn).toHaveBeenCalledWith({ err: expect.any(Error) }, expect.stringContaining('retries'));
  });
});

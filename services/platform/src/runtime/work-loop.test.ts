import { afterEach, describe, expect, it, vi } from 'vitest';
import { createWorkLoop, type WorkLoop } from './work-loop.ts';

const HOUR_MS = 3_600_000;
let loop: WorkLoop | undefined;
afterEach(() => loop?.stop());

const quietLogger = () => ({ warn: vi.fn(), info: vi.fn(), error: vi.fn(), debug: vi.fn() });

describe('a work loop', () => {
  it('runs a pass at start and another at once when kicked, not waiting for its interval', async () => {
    let passes = 0;
    loop = createWorkLoop({
      name: 'test',
      intervalMs: HOUR_MS,
      logger: quietLogger() as never,
      pass: async () => void passes++,
    });
    loop.start();
    await vi.waitFor(() => expect(passes).toBe(1));
    loop.kick();
    await vi.waitFor(() => expect(passes).toBe(2));
  });

  it('logs a failed pass and runs the next one', async () => {
    const logger = quietLogger();
    let passes = 0;
    loop = createWorkLoop({
      name: 'flaky',
      intervalMs: 10,
      logger: logger as never,
      pass: async () => {
        passes += 1;
        if (passes === 1) throw new Error('broker away');
      },
    });
    loop.start();
    await vi.waitFor(() => expect(passes).toBeGreaterThanOrEqual(2));
    expect(logger.warn).toHaveBeenCalledWith(
      expect.objectContaining({ err: expect.any(Error) }),
      'flaky: a pass failed; the next one retries',
    );
  });

  it('stops after the pass under way, which sees it is stopping', async () => {
    let release: () => void = () => undefined;
    const seen: boolean[] = [];
    loop = createWorkLoop({
      name: 'draining',
      intervalMs: HOUR_MS,
      logger: quietLogger() as never,
      pass: async () => {
        await new Promise<void>((resolve) => (release = resolve));
        seen.push(loop!.stopping());
      },
    });
    // start runs the first pass at once, up to its first wait: `release` is set.
    loop.start();
    const stopped = loop.stop();
    release();
    await stopped;
    expect(seen).toEqual([true]);
  });
});

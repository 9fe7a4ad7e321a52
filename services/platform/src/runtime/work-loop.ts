import type { Logger } from '../logging/logger.ts';

/** Background work that runs pass after pass: at once when kicked, else every `intervalMs`. */
export interface WorkLoop {
  start(): void;
  /** Work was queued: run a pass now rather than at the next interval. */
  kick(): void;
  /** Ends the loop after the pass under way (which sees `stopping()` and may end early). */
  stop(): Promise<void>;
  /** True once stop was called: a pass draining a queue stops taking more. */
  stopping(): boolean;
}

/**
 * Runs `pass` in the background until stopped. A failed pass is logged and the next one retries; a
 * kick during a pass runs another at once, so queued work never waits for the interval.
 */
export function createWorkLoop(options: {
  name: string;
  intervalMs: number;
  logger: Logger;
  pass: () => Promise<void>;
}): WorkLoop {
  let stopping = false;
  let kicked = false;
  let wake: (() => void) | undefined;
  let running: Promise<void> | undefined;

  const pause = () =>
    new Promise<void>((resolve) => {
      if (kicked || stopping) return resolve();
      const timer = setTimeout(resolve, options.intervalMs);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  async function run(): Promise<void> {
    while (!stopping) {
      kicked = false;
      await options
        .pass()
        .catch((error: unknown) =>
          options.logger.warn({ err: error }, `${options.name}: a pass failed; the next one retries`),
        );
      await pause();
      wake = undefined;
    }
  }

  return {
    start() {
      stopping = false;
      running ??= run();
    },
    kick() {
      kicked = true;
      wake?.();
    },
    async stop() {
      stopping = true;
      wake?.();
      await running;
      running = undefined;
    },
    stopping: () => stopping,
  };
}

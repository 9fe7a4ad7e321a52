/** Kubernetes kills a pod 30 s after SIGTERM by default; give up just before and say so. */
const STOP_DEADLINE_MS = 25_000;

/**
 * Runs `stop` once on the first SIGINT or SIGTERM, then exits; a second signal exits at once
 * (an operator pressing Ctrl-C twice means it), and so does a stop that outlives its deadline.
 */
export function onShutdown(stop: () => Promise<void>, log: (message: string) => void = console.error): void {
  let stopping = false;
  const handle = (signal: NodeJS.Signals) => {
    if (stopping) {
      log(`${signal} again: exiting now`);
      process.exit(1);
    }
    stopping = true;
    log(`${signal}: stopping (connections drain, outbox flushes)...`);
    setTimeout(() => {
      log(`stop did not finish within ${STOP_DEADLINE_MS / 1000} s: exiting with work left open`);
      process.exit(1);
    }, STOP_DEADLINE_MS).unref();
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        log(`stop failed: ${(error as Error).stack ?? String(error)}`);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', handle);
  process.once('SIGTERM', handle);
}

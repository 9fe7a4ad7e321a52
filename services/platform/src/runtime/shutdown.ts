/**
 * Runs `stop` once on the first SIGINT or SIGTERM, then exits; a second signal exits at once
 * (an operator pressing Ctrl-C twice means it).
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

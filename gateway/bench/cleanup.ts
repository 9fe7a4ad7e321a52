import { spawnSync } from 'node:child_process';

/**
 * What the benchmark must undo however it ends: product process groups to kill and databases to
 * drop. Normal runs undo everything in `runCleanup()`; Ctrl-C, SIGTERM and crashes run it too, and
 * a last synchronous pass on 'exit' kills what is left and drops databases with psql.
 */
export interface CleanupTask {
  label: string;
  /** Best effort, async (normal end, signals, crashes). */
  run(): Promise<void>;
  /** Last resort on 'exit', synchronous. */
  runSync(): void;
}

const tasks = new Set<CleanupTask>();
let cleaning: Promise<void> | undefined;

export function registerCleanup(task: CleanupTask): () => void {
  tasks.add(task);
  return () => tasks.delete(task);
}

export function runCleanup(): Promise<void> {
  cleaning ??= (async () => {
    // Newest first: products stop before their databases are dropped.
    for (const task of [...tasks].reverse()) {
      try {
        await task.run();
      } catch (error) {
        console.error(`cleanup of ${task.label} failed: ${(error as Error).message}`);
      }
      tasks.delete(task);
    }
  })().finally(() => {
    cleaning = undefined;
  });
  return cleaning;
}

function runCleanupSync(): void {
  for (const task of [...tasks].reverse()) {
    try {
      task.runSync();
    } catch {
      // exiting anyway
    }
    tasks.delete(task);
  }
}

/** Drops a database with psql, synchronously (the 'exit' handler cannot wait for promises). */
export function dropDatabaseSync(adminUrl: string, name: string): void {
  spawnSync('psql', [adminUrl, '-q', '-c', `drop database if exists "${name}" with (force)`], { stdio: 'ignore', timeout: 10_000 });
}

let installed = false;

export function installCleanupHandlers(): void {
  if (installed) return;
  installed = true;
  const bail = (reason: string, code: number) => {
    console.error(`\n${reason}: stopping the product and dropping benchmark databases...`);
    const timer = setTimeout(() => process.exit(code), 15_000);
    timer.unref();
    runCleanup().finally(() => process.exit(code));
  };
  process.once('SIGINT', () => bail('SIGINT', 130));
  process.once('SIGTERM', () => bail('SIGTERM', 143));
  process.on('uncaughtException', (error) => {
    console.error(error);
    bail('uncaught exception', 1);
  });
  process.on('unhandledRejection', (error) => {
    console.error(error);
    bail('unhandled rejection', 1);
  });
  process.on('exit', runCleanupSync);
}

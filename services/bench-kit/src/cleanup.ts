import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * What the benchmark must undo however it ends: product process groups to kill and databases to
 * drop. Normal runs undo everything in `runCleanup()`; Ctrl-C, SIGTERM and crashes run it too; a
 * last synchronous pass on 'exit' kills what is left and drops databases with psql; and a detached
 * reaper (reaper.mjs) does the same if this process dies without running any of that (SIGKILL).
 */
export type Reapable = { kind: 'group'; pid: number } | { kind: 'database'; adminUrl: string; name: string };

export interface CleanupTask {
  label: string;
  /** Best effort, async (normal end, signals, crashes). */
  run(): Promise<void>;
  /** Last resort on 'exit', synchronous. */
  runSync(): void;
  /** What the reaper must undo should this process vanish (nothing for what only this process can do). */
  reapable?: Reapable;
}

const tasks = new Set<CleanupTask>();
let cleaning: Promise<void> | undefined;
const stateFile = join(tmpdir(), `crucible-bench-${process.pid}-${randomBytes(4).toString('hex')}.json`);
let reaperStarted = false;

function writeState(): void {
  const reapables = [...tasks].flatMap((task) => (task.reapable ? [task.reapable] : []));
  const state = {
    groups: reapables.flatMap((item) => (item.kind === 'group' ? [item.pid] : [])),
    databases: reapables.flatMap((item) =>
      item.kind === 'database' ? [{ adminUrl: item.adminUrl, name: item.name }] : [],
    ),
  };
  writeFileSync(stateFile, JSON.stringify(state));
  if (!reaperStarted) {
    reaperStarted = true;
    const reaper = spawn(
      process.execPath,
      [fileURLToPath(new URL('./reaper.mjs', import.meta.url)), String(process.pid), stateFile],
      { detached: true, stdio: 'ignore' },
    );
    reaper.unref();
  }
}

export function registerCleanup(task: CleanupTask): () => void {
  tasks.add(task);
  writeState();
  return () => {
    tasks.delete(task);
    writeState();
  };
}

/**
 * Asynchronous work to undo at the end however the bench ends (deleting a namespace's streams, a
 * folder). Answers a function that does it now, once, and forgets it.
 */
export function registerNamedCleanup(label: string, run: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  const once = () => (done ??= run());
  const unregister = registerCleanup({ label, run: once, runSync: () => undefined });
  return async () => {
    await once();
    unregister();
  };
}

/**
 * A bench's main: cleanup handlers first (Ctrl-C, crashes), then `main`, then everything it started
 * is stopped and its databases dropped, whatever happened. A failure sets the exit code.
 */
export async function runBench(main: () => Promise<void>): Promise<void> {
  installCleanupHandlers();
  try {
    await main();
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  } finally {
    await runCleanup();
    finishCleanup();
  }
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
      writeState();
    }
  })().finally(() => {
    cleaning = undefined;
  });
  return cleaning;
}

/** At the very end: nothing left to undo, so the reaper may go. */
export function finishCleanup(): void {
  if (!tasks.size) rmSync(stateFile, { force: true });
}

function runCleanupSync(): void {
  for (const task of [...tasks].reverse()) {
    try {
      task.runSync();
      tasks.delete(task);
    } catch {
      // the reaper will try again
    }
  }
  if (!tasks.size) rmSync(stateFile, { force: true });
  else writeState();
}

/** Drops a database with psql, synchronously (the 'exit' handler cannot wait for promises). */
export function dropDatabaseSync(adminUrl: string, name: string): void {
  const result = spawnSync('psql', [adminUrl, '-q', '-c', `drop database if exists "${name}" with (force)`], {
    stdio: 'ignore',
    timeout: 10_000,
  });
  if (result.status !== 0) throw new Error(`psql could not drop ${name}`);
}

let installed = false;

export function installCleanupHandlers(): void {
  if (installed) return;
  installed = true;
  let bailing = false;
  const bail = (reason: string, code: number) => {
    // Handlers stay installed: tsx relays Ctrl-C a second time, and a second signal with no
    // listener would end this process at once (tsx's preflight exits with 130), cleanup unfinished.
    if (bailing) return;
    bailing = true;
    console.error(`\n${reason}: stopping the product and dropping benchmark databases...`);
    const timer = setTimeout(() => process.exit(code), 15_000);
    timer.unref();
    runCleanup().finally(() => process.exit(code));
  };
  process.on('SIGINT', () => bail('SIGINT', 130));
  process.on('SIGTERM', () => bail('SIGTERM', 143));
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

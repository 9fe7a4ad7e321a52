import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { REPO_ROOT, sleep } from '@crucible/bench-kit';

const LAUNCHER = 'services/launcher/src/main.ts';
const READY_LINE = /Crucible is ready at/;

/** How one run of a launcher process ended. */
export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** ms since the process was spawned */
  at: number;
  /** Exits nobody asked for: a crash. */
  unexpected: boolean;
}

/**
 * One launcher process (`TARGETS=<targets>`), as a cluster runs a pod: started, stopped by a signal,
 * frozen, resumed and started again on the same ports. Its output goes to `<logDir>/<name>.log`;
 * the last lines are kept to quote a failure.
 */
export class LauncherProcess {
  child: ChildProcess | undefined;
  readonly exits: Exit[] = [];
  readonly tail: string[] = [];
  private expectingExit = false;
  private spawnedAt = 0;

  constructor(
    readonly name: string,
    private readonly targets: string,
    private readonly env: NodeJS.ProcessEnv,
    private readonly logDir: string,
  ) {}

  get running(): boolean {
    return Boolean(this.child && this.child.exitCode === null && this.child.signalCode === null);
  }

  get crashes(): number {
    return this.exits.filter((exit) => exit.unexpected).length;
  }

  /** Resolves once the launcher says it is ready; rejects, quoting its last lines, if it exits first. */
  async start(timeoutMs = 120_000): Promise<void> {
    const log = createWriteStream(join(this.logDir, `${this.name}.log`), { flags: 'a' });
    this.expectingExit = false;
    this.spawnedAt = performance.now();
    const child = spawn(process.execPath, ['--import', 'tsx', LAUNCHER], {
      cwd: REPO_ROOT,
      env: { ...this.env, TARGETS: this.targets },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    this.child = child;
    let ready = false;
    const onLine = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      log.write(text);
      for (const line of text.split('\n').filter(Boolean)) {
        this.tail.push(line);
        if (this.tail.length > 40) this.tail.shift();
        if (READY_LINE.test(line)) ready = true;
      }
    };
    child.stdout!.on('data', onLine);
    child.stderr!.on('data', onLine);
    child.once('exit', (code, signal) => {
      this.exits.push({ code, signal, at: performance.now() - this.spawnedAt, unexpected: !this.expectingExit });
      log.end();
    });
    const deadline = Date.now() + timeoutMs;
    while (!ready) {
      if (child.exitCode !== null || child.signalCode !== null) {
        this.exits.at(-1)!.unexpected = false;
        throw new Error(`${this.name} exited with ${child.exitCode ?? child.signalCode}:\n  ${this.tail.join('\n  ')}`);
      }
      if (Date.now() > deadline) throw new Error(`${this.name} did not get ready in time`);
      await sleep(100);
    }
  }

  /** Waits for the exit a start-up refusal ends in: its code and its last lines. */
  async startExpectingRefusal(timeoutMs = 60_000): Promise<{ code: number | null; ms: number; lines: string[] }> {
    this.expectingExit = true;
    const startedAt = performance.now();
    try {
      await this.start(timeoutMs);
    } catch {
      return { code: this.child?.exitCode ?? null, ms: performance.now() - startedAt, lines: [...this.tail] };
    }
    return { code: null, ms: performance.now() - startedAt, lines: [...this.tail] };
  }

  /** Sends `signal` and waits for the exit: the ms it took, or undefined past `timeoutMs` (then SIGKILL). */
  async stop(signal: NodeJS.Signals = 'SIGTERM', timeoutMs = 30_000): Promise<number | undefined> {
    const child = this.child;
    if (!child || !this.running) return 0;
    this.expectingExit = true;
    const startedAt = performance.now();
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill(signal);
    const inTime = await Promise.race([exited.then(() => true), sleep(timeoutMs).then(() => false)]);
    if (!inTime) {
      this.kill();
      await exited;
      return undefined;
    }
    return performance.now() - startedAt;
  }

  pause(): void {
    this.child?.kill('SIGSTOP');
  }

  resume(): void {
    this.child?.kill('SIGCONT');
  }

  /** The process group, at once (cleanup). */
  kill(): void {
    if (!this.child?.pid) return;
    this.expectingExit = true;
    try {
      process.kill(-this.child.pid, 'SIGKILL');
    } catch {
      // gone already
    }
  }
}

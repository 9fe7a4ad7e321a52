import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { registerCleanup } from './cleanup.ts';
import { sleep } from './client.ts';

/** One service running as its own process (`node --import tsx <entry>`), as in a cluster. */
export interface ServiceProcess {
  name: string;
  child: ChildProcess;
  pid: number;
  url: string;
  port: number;
  stop(): Promise<void>;
}

export interface ServiceProcessSpec {
  name: string;
  /** The entry file, relative to `cwd` (e.g. `services/forum/src/main.ts`). */
  entry: string;
  port: number;
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** stdout and stderr go to `<logDir>/<name>.log`. */
  logDir: string;
  /** Writes a CPU profile (`node --cpu-prof`) into `<profileDir>/<name>` when the process exits. */
  profileDir?: string;
  readyTimeoutMs?: number;
}

/**
 * Spawns the service in a process group of its own and resolves once its `/readyz` answers 200.
 * It is stopped (SIGTERM, SIGKILL after 10 s) by `stop()` or by the bench's cleanup, whatever happens.
 */
export async function startServiceProcess(spec: ServiceProcessSpec): Promise<ServiceProcess> {
  const log = createWriteStream(join(spec.logDir, `${spec.name}.log`));
  const profile = spec.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${join(spec.profileDir, spec.name)}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', spec.entry], {
    cwd: spec.cwd,
    env: { ...spec.env, PORT: String(spec.port) },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const pid = child.pid;
  if (!pid) throw new Error(`${spec.name}: could not spawn ${spec.entry}`);
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const kill = (signal: NodeJS.Signals) => {
    try {
      process.kill(-pid, signal);
    } catch {
      // gone already
    }
  };
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      // SIGTERM to the process itself: a CPU profile is written on a clean exit only.
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(10_000)]);
    }
    kill('SIGKILL');
    unregister();
  };
  const unregister = registerCleanup({
    label: `${spec.name} (pid ${pid})`,
    run: stop,
    runSync: () => kill('SIGKILL'),
    reapable: { kind: 'group', pid },
  });
  const url = `http://127.0.0.1:${spec.port}`;
  const deadline = Date.now() + (spec.readyTimeoutMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null) {
      unregister();
      throw new Error(`${spec.name} exited with ${child.exitCode}; see ${join(spec.logDir, `${spec.name}.log`)}`);
    }
    const ready = await fetch(`${url}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { name: spec.name, child, pid, url, port: spec.port, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${spec.name} did not become ready in time; see ${join(spec.logDir, `${spec.name}.log`)}`);
    }
    await sleep(250);
  }
}

/** CPU seconds (user + system) a process has used so far. */
export async function cpuSeconds(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Resident memory of a process in MB. */
export async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

/**
 * CPU milliseconds per completed request of each process over a load: robust to a busy machine,
 * unlike latency. `processes` are named pids (a service process, or this process itself).
 */
export async function cpuPerRequest<T extends { ok: number }>(
  processes: { name: string; pid: number }[],
  run: () => Promise<T>,
): Promise<T & { cpuMsPerRequest: Record<string, number> }> {
  const before = await Promise.all(processes.map((entry) => cpuSeconds(entry.pid)));
  const figures = await run();
  const after = await Promise.all(processes.map((entry) => cpuSeconds(entry.pid)));
  const cpuMsPerRequest = Object.fromEntries(
    processes.map((entry, index) => [entry.name, ((after[index]! - before[index]!) * 1000) / Math.max(1, figures.ok)]),
  );
  return { ...figures, cpuMsPerRequest };
}

/** `gateway 0.21 ms, forum 0.64 ms` */
export function cpuLine(figures: { cpuMsPerRequest: Record<string, number> }): string {
  return Object.entries(figures.cpuMsPerRequest)
    .map(([name, value]) => `${name} ${value.toFixed(2)} ms`)
    .join(', ');
}

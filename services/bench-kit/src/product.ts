import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { registerCleanup } from './cleanup.ts';
import { send, sleep } from './client.ts';

const READY_LINE = /Crucible is ready at (\S+) \(started in (\d+) ms\)/;
const MAX_KEPT_LINES = 3000;
/** stderr lines that are not news: the launcher's stop message, npm's and Prisma's chatter. */
const EXPECTED_STDERR = [
  /^\s*$/,
  /^SIG(INT|TERM): stopping/,
  /^npm warn Unknown (env|user) config/,
  /^Loaded Prisma config from/,
  /^Prisma schema loaded from/,
];

export interface ProductLine {
  stream: 'stdout' | 'stderr';
  /** ms since spawn */
  at: number;
  text: string;
}

export interface ProductSpec {
  label: string;
  command: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  gatewayPort: number;
  readyTimeoutMs: number;
  /** Poll GET /readyz on the gateway from spawn on, to time when it first answers 200. */
  pollReadyz?: boolean;
}

export interface StopResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** ms from SIGINT until the spawned process exited */
  ms: number;
  exitedInTime: boolean;
  /** ms from SIGINT until no process of the product's tree (as it was before the signal) or group was left */
  treeGoneMs: number | undefined;
  /** Processes of the product still there when the spawned process exited, and at the end of the wait. */
  aliveAtExit: string[];
  leftovers: string[];
}

export interface RunningProduct {
  label: string;
  pid: number;
  readyLineMs: number;
  /** the launcher's own "started in N ms" */
  launcherStartMs: number;
  readyzMs: Promise<number | undefined>;
  lines: ProductLine[];
  /** pino lines at warn or above, and other stderr lines, grouped by message */
  problems(): Map<string, number>;
  stop(timeoutMs?: number): Promise<StopResult>;
}

interface ProcInfo {
  pid: number;
  ppid: number;
  pgrp: number;
  state: string;
  cmd: string;
}

function processTable(): Map<number, ProcInfo> {
  const table = new Map<number, ProcInfo>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
      table.set(Number(entry), {
        pid: Number(entry),
        state: fields[0]!,
        ppid: Number(fields[1]),
        pgrp: Number(fields[2]),
        cmd,
      });
    } catch {
      // gone meanwhile
    }
  }
  return table;
}

/** The process and its descendants, plus everything in its process group. */
function treeOf(rootPid: number): Map<number, ProcInfo> {
  const table = processTable();
  const found = new Map<number, ProcInfo>();
  const queue = [rootPid];
  while (queue.length) {
    const pid = queue.shift()!;
    const info = table.get(pid);
    if (!info || found.has(pid)) continue;
    found.set(pid, info);
    for (const child of table.values()) if (child.ppid === pid) queue.push(child.pid);
  }
  for (const info of table.values()) if (info.pgrp === rootPid) found.set(info.pid, info);
  return found;
}

function stillAlive(known: Map<number, ProcInfo>, rootPid: number): string[] {
  const table = processTable();
  const alive: string[] = [];
  for (const info of table.values()) {
    if (info.state === 'Z') continue;
    const old = known.get(info.pid);
    const wasOurs = old !== undefined && old.cmd === info.cmd;
    if (wasOurs || info.pgrp === rootPid) alive.push(`${info.pid} ${info.cmd.slice(0, 120)}`);
  }
  return alive;
}

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

function pinoProblem(text: string): string | undefined {
  if (!text.startsWith('{')) return undefined;
  try {
    const entry = JSON.parse(text) as {
      level?: number;
      msg?: string;
      err?: { message?: string };
      req?: { method?: string; url?: string };
    };
    if ((entry.level ?? 0) < 40) return '';
    const request = entry.req?.url ? ` (${entry.req.method} ${entry.req.url.split('?')[0]})` : '';
    return `${entry.level! >= 50 ? 'ERROR' : 'WARN'} ${entry.msg ?? ''}${entry.err?.message ? `: ${entry.err.message}` : ''}${request}`;
  } catch {
    return undefined;
  }
}

/** Spawns the product in its own process group and resolves once it prints its ready line. */
/** The line of a start-up failure that says what went wrong (the first `...Error:` / `error:` on stderr). */
export function keyErrorLine(message: string): string {
  const lines = message.split('\n');
  const found =
    lines.find((line) => /^\s*\[stderr\]\s+(\w*Error|error):\s/.test(line)) ??
    lines.find((line) => /error/i.test(line)) ??
    lines[0]!;
  return found.replace(/^\s*\[(stderr|stdout)\]\s+/, '').trim();
}

export async function startProduct(spec: ProductSpec): Promise<RunningProduct> {
  const spawnedAt = performance.now();
  const since = () => performance.now() - spawnedAt;
  const child: ChildProcess = spawn(spec.command, spec.args, {
    cwd: spec.cwd,
    env: spec.env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const pid = child.pid;
  if (!pid) throw new Error(`${spec.label}: could not spawn ${spec.command}`);

  let exitInfo: { code: number | null; signal: NodeJS.Signals | null; at: number } | undefined;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      exitInfo = { code, signal, at: performance.now() };
      resolve();
    });
  });
  child.once('error', () => undefined);

  let stopped = false;
  let signalAt: number | undefined;
  const unregister = registerCleanup({
    label: `${spec.label} (pid ${pid})`,
    run: async () => {
      if (exitInfo) return killGroup(pid, 'SIGKILL');
      killGroup(pid, 'SIGINT');
      await Promise.race([exited, sleep(5000)]);
      killGroup(pid, 'SIGKILL');
    },
    runSync: () => killGroup(pid, 'SIGKILL'),
    reapable: { kind: 'group', pid },
  });

  const lines: ProductLine[] = [];
  // Counted as lines arrive (a product in trouble may write far more lines than are kept).
  const problems = new Map<string, number>();
  const countProblem = (stream: ProductLine['stream'], at: number, text: string) => {
    const problem = pinoProblem(text);
    // The launcher's own stop message is expected; anything else on stderr is worth a look.
    const expected = EXPECTED_STDERR.some((pattern) => pattern.test(text));
    const key =
      problem === undefined
        ? stream === 'stderr' && !expected
          ? `stderr: ${text.slice(0, 200)}`
          : undefined
        : problem || undefined;
    if (!key) return;
    const short = key.length > 240 ? `${key.slice(0, 240)}...` : key;
    const when = signalAt !== undefined && at >= signalAt ? `[after SIGINT] ${short}` : short;
    problems.set(when, (problems.get(when) ?? 0) + 1);
  };
  let onReadyLine: ((match: RegExpMatchArray) => void) | undefined;
  for (const stream of ['stdout', 'stderr'] as const) {
    createInterface({ input: child[stream]! }).on('line', (text) => {
      const at = since();
      if (lines.length < MAX_KEPT_LINES) lines.push({ stream, at, text });
      countProblem(stream, at, text);
      const match = READY_LINE.exec(text);
      if (match) onReadyLine?.(match);
    });
  }

  const readyz = (async (): Promise<number | undefined> => {
    if (!spec.pollReadyz) return undefined;
    const deadline = spawnedAt + spec.readyTimeoutMs;
    while (!exitInfo && !stopped && performance.now() < deadline) {
      try {
        const reply = await send({ port: spec.gatewayPort, path: '/readyz', timeoutMs: 1000 });
        if (reply.status === 200) return since();
      } catch {
        // not listening yet
      }
      await sleep(20);
    }
    return undefined;
  })();

  const clip = (text: string) => (text.length > 600 ? `${text.slice(0, 600)}... (${text.length} characters)` : text);
  const outputSoFar = () => lines.map((line) => `  [${line.stream}] ${clip(line.text)}`).join('\n');
  let match: RegExpMatchArray;
  try {
    match = await new Promise<RegExpMatchArray>((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(new Error(`${spec.label}: no ready line within ${spec.readyTimeoutMs} ms; output:\n${outputSoFar()}`)),
        spec.readyTimeoutMs,
      );
      onReadyLine = (found) => {
        clearTimeout(timer);
        resolve(found);
      };
      void exited.then(() => {
        clearTimeout(timer);
        // Let the last output lines arrive before quoting them.
        setTimeout(
          () =>
            reject(
              new Error(
                `${spec.label}: exited (code ${exitInfo?.code}, signal ${exitInfo?.signal}) before it was ready; output:\n${outputSoFar()}`,
              ),
            ),
          200,
        );
      });
    });
  } catch (error) {
    stopped = true;
    killGroup(pid, 'SIGKILL');
    unregister();
    throw error;
  }
  const readyLineMs = since();

  return {
    label: spec.label,
    pid,
    readyLineMs,
    launcherStartMs: Number(match[2]),
    readyzMs: readyz,
    lines,
    problems: () => problems,
    /** Ctrl-C as a terminal sends it: SIGINT to the whole process group. */
    async stop(timeoutMs = 10_000) {
      stopped = true;
      const known = treeOf(pid);
      const signalledAt = performance.now();
      signalAt = since();
      killGroup(pid, 'SIGINT');
      const exitedInTime = await Promise.race([exited.then(() => true), sleep(timeoutMs).then(() => false)]);
      const ms = (exitInfo?.at ?? performance.now()) - signalledAt;
      const aliveAtExit = stillAlive(known, pid);
      // Then the rest of the tree (a wrapper such as npm may exit before what it started).
      let treeGoneMs: number | undefined;
      let leftovers = aliveAtExit;
      while (performance.now() < signalledAt + timeoutMs + 1000) {
        leftovers = stillAlive(known, pid);
        if (!leftovers.length) {
          treeGoneMs = performance.now() - signalledAt;
          break;
        }
        await sleep(10);
      }
      killGroup(pid, 'SIGKILL');
      for (const leftover of leftovers) {
        const leftoverPid = Number(leftover.split(' ')[0]);
        if (known.has(leftoverPid)) {
          try {
            process.kill(leftoverPid, 'SIGKILL');
          } catch {
            // gone
          }
        }
      }
      if (!exitedInTime) await Promise.race([exited, sleep(2000)]);
      unregister();
      return {
        code: exitInfo?.code ?? null,
        signal: exitInfo?.signal ?? null,
        ms,
        exitedInTime,
        treeGoneMs,
        aliveAtExit,
        leftovers,
      };
    },
  };
}

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A server of a test's (or a chaos run's) own, run from its binary as a child process on its own
 * port and data folder, so a fault can stop it and start it again without going near the machine's
 * shared servers.
 */
export interface ServerProcess {
  port: number;
  /** Starts it again on the same port and data; resolves once it accepts connections. */
  start(): Promise<void>;
  /** SIGTERM, resolved when it has exited. */
  stop(): Promise<void>;
  /** Stops it and removes its data folder. */
  dispose(): Promise<void>;
}

const START_TIMEOUT_MS = 15_000;

const POLL_MS = 50;

function accepting(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Starts `binary` with `args(port, dataDir)` (and `env`, by default this process's) and waits until
 * it accepts connections on `port`.
 */
export async function startServerProcess(options: {
  name: string;
  binary: string;
  port: number;
  args: (port: number, dataDir: string) => string[];
  env?: NodeJS.ProcessEnv;
}): Promise<ServerProcess> {
  const { name, binary, port, args, env } = options;
  const dataDir = await mkdtemp(join(tmpdir(), `crucible-${name}-`));
  let child: ChildProcess | undefined;
  const start = async () => {
    const started = spawn(binary, args(port, dataDir), { stdio: 'ignore', env });
    child = started;
    const deadline = Date.now() + START_TIMEOUT_MS;
    while (!(await accepting(port))) {
      if (started.exitCode !== null) throw new Error(`${name} exited with ${started.exitCode} on start`);
      if (Date.now() > deadline) throw new Error(`${name} did not start on port ${port}`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  };
  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    await exited;
  };
  try {
    await start();
  } catch (error) {
    await stop();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    port,
    start,
    stop,
    async dispose() {
      await stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

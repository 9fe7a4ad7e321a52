import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePorts, sleep } from '@crucible/platform/bench';
import { startPrivatePostgres, type PrivatePostgres } from '../../platform/src/testing/private-postgres.ts';

/** The machine's shared servers: the harness starts its own and never goes near these. */
const SHARED_PORTS = new Set([5432, 6379, 4222]);

/** A store of the run's own that a fault stops and starts again. */
export interface Store {
  name: string;
  url: string;
  port: number;
  stop(): Promise<void>;
  start(): Promise<void>;
  dispose(): Promise<void>;
}

/** The binary on PATH, else under /usr/sbin, /usr/lib, /usr/local: a missing one stops the run, naming it. */
export function findBinary(name: string): string {
  try {
    return execFileSync('which', [name], { encoding: 'utf8' }).trim();
  } catch {
    for (const dir of ['/usr/sbin', '/usr/local/bin', '/usr/local/sbin', '/usr/lib']) {
      const direct = join(dir, name);
      if (existsSync(direct)) return direct;
      const nested = existsSync(dir) ? readdirSync(dir).map((entry) => join(dir, entry, name)) : [];
      const found = nested.find((path) => existsSync(path));
      if (found) return found;
    }
    throw new Error(`${name} is not installed (not on PATH, nor under /usr/sbin or /usr/lib): the chaos run needs it`);
  }
}

async function freePrivatePort(): Promise<number> {
  for (;;) {
    const [port] = await freePorts(1);
    if (!SHARED_PORTS.has(port!)) return port!;
  }
}

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

/** A server binary run as a child on its own port, stopped with SIGTERM and started again on the same port and data. */
async function childStore(name: string, binary: string, args: (port: number, dir: string) => string[]): Promise<Store> {
  const port = await freePrivatePort();
  const dir = await mkdtemp(join(tmpdir(), `crucible-chaos-${name}-`));
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(binary, args(port, dir), { stdio: 'ignore' });
    const deadline = Date.now() + 15_000;
    while (!(await accepting(port))) {
      if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode} on start`);
      if (Date.now() > deadline) throw new Error(`${name} did not start on port ${port}`);
      await sleep(50);
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
  await start();
  const scheme = name === 'nats' ? 'nats' : 'redis';
  return {
    name,
    url: `${scheme}://127.0.0.1:${port}`,
    port,
    start,
    stop,
    async dispose() {
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export function startNats(): Promise<Store> {
  const binary = findBinary('nats-server');
  return childStore('nats', binary, (port, dir) => ['-js', '-a', '127.0.0.1', '-p', String(port), '-sd', dir]);
}

export function startRedis(): Promise<Store> {
  const binary = findBinary('redis-server');
  return childStore('redis', binary, (port, dir) => [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
    '--dir',
    dir,
  ]);
}

export async function startPostgres(): Promise<Store & { server: PrivatePostgres }> {
  const server = await startPrivatePostgres();
  if (SHARED_PORTS.has(server.port)) throw new Error(`the private PostgreSQL got the shared port ${server.port}`);
  return {
    name: 'postgres',
    url: server.url,
    port: server.port,
    server,
    stop: () => server.stop(),
    start: () => server.start(),
    dispose: () => server.dispose(),
  };
}

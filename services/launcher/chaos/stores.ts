import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { freePorts } from '@crucible/bench-kit';
import { startPrivatePostgres, startServerProcess, type PrivatePostgres } from '@crucible/test-kit';

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

/** A server binary run as a child on its own port, stopped with SIGTERM and started again on the same port and data. */
async function childStore(name: string, binary: string, args: (port: number, dir: string) => string[]): Promise<Store> {
  const server = await startServerProcess({ name, binary, port: await freePrivatePort(), args });
  const scheme = name === 'nats' ? 'nats' : 'redis';
  return { name, url: `${scheme}://127.0.0.1:${server.port}`, ...server };
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

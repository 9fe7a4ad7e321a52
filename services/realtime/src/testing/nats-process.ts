import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A nats-server of the test's own (JetStream, its own store dir, a free port), so a test can stop
 * and restart a broker without touching the shared one.
 */
export interface NatsProcess {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  dispose(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.once('error', reject);
  });
}

async function accepting(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export async function startNatsProcess(): Promise<NatsProcess> {
  const port = await freePort();
  const storeDir = await mkdtemp(path.join(tmpdir(), 'rt-nats-'));
  let child: ChildProcess | undefined;

  async function start() {
    child = spawn('nats-server', ['-js', '-a', '127.0.0.1', '-p', String(port), '-sd', storeDir], { stdio: 'ignore' });
    const deadline = Date.now() + 10_000;
    while (!(await accepting(port))) {
      if (Date.now() > deadline) throw new Error(`nats-server did not start on ${port}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  async function stop() {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    await exited;
  }
  await start();
  return {
    url: `nats://127.0.0.1:${port}`,
    start,
    stop,
    async dispose() {
      await stop();
      await rm(storeDir, { recursive: true, force: true });
    },
  };
}

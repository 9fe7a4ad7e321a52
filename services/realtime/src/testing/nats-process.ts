import { freePort, startServerProcess } from '@crucible/test-kit';

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

export async function startNatsProcess(): Promise<NatsProcess> {
  const nats = await startServerProcess({
    name: 'nats-server',
    binary: 'nats-server',
    port: await freePort(),
    args: (port, storeDir) => ['-js', '-a', '127.0.0.1', '-p', String(port), '-sd', storeDir],
  });
  return {
    url: `nats://127.0.0.1:${nats.port}`,
    start: nats.start,
    stop: nats.stop,
    dispose: nats.dispose,
  };
}

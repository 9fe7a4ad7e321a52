import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { createNatsEventBus, isReachable, namespacedStream, silentLogger, type EventBus } from '@crucible/platform';

/** The real services tests run against, from the environment, with this machine's defaults and how to start each. */
export const TEST_SERVICES = {
  postgres: {
    url: process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres',
    port: 5432,
    variable: 'DATABASE_URL',
    start:
      '`pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start` or `docker run -p 5432:5432 -e POSTGRES_HOST_AUTH_METHOD=trust postgres`',
  },
  redis: {
    url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    port: 6379,
    variable: 'REDIS_URL',
    start: '`redis-server --daemonize yes --port 6379 --save "" --appendonly no` or `docker run -p 6379:6379 redis`',
  },
  nats: {
    url: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
    port: 4222,
    variable: 'NATS_URL',
    start: '`nats-server -js -a 127.0.0.1 -p 4222 &` or `docker run -p 4222:4222 nats -js`',
  },
} as const;

/** Why a test cannot start: the service does not answer at `url`, how to start one, which variable points elsewhere. */
export function notRunningMessage(
  name: keyof typeof TEST_SERVICES,
  url: string = TEST_SERVICES[name].url,
  cause?: unknown,
): string {
  const service = TEST_SERVICES[name];
  return `${name} does not answer at ${url}${cause === undefined ? '' : ` (${String(cause)})`}. Start it, e.g. ${service.start}, or point ${service.variable} at one.`;
}

/** Fails (never skips) with how to start the service when it does not answer. */
export async function requireService(name: keyof typeof TEST_SERVICES): Promise<string> {
  const service = TEST_SERVICES[name];
  if (!(await isReachable(service.url, service.port, 2000))) throw new Error(notRunningMessage(name));
  return service.url;
}

/** A NATS_NAMESPACE no other run uses, so a test's product or bus sees only its own events and questions. */
export function uniqueNamespace(prefix = 'test'): string {
  return `${prefix}-${randomBytes(5).toString('hex')}`;
}

/** Deletes a namespace's streams (and the durables inside them) from the shared NATS server. */
export async function deleteNamespaceStreams(namespace: string): Promise<void> {
  if (!namespace) throw new Error('Refusing to delete the streams of the empty namespace (the shared, plain names)');
  const nc = await connect({ servers: TEST_SERVICES.nats.url });
  try {
    const jsm = await jetstreamManager(nc);
    const names: string[] = [];
    for await (const name of jsm.streams.names())
      if (name.startsWith(namespacedStream(namespace, ''))) names.push(name);
    await Promise.all(names.map((name) => jsm.streams.delete(name).catch(() => false)));
  } finally {
    await nc.close();
  }
}

/**
 * Waits until a durable consumer of `stream` (its plain name, e.g. 'FORUM') has been delivered and
 * has acknowledged every event stored so far: what its handler does for them is done.
 */
export async function waitForConsumerToCatchUp(
  namespace: string,
  stream: string,
  durable: string,
  timeoutMs = 15_000,
): Promise<void> {
  const nc = await connect({ servers: TEST_SERVICES.nats.url });
  try {
    const jsm = await jetstreamManager(nc);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const info = await jsm.consumers.info(namespacedStream(namespace, stream), durable);
      if (info.num_pending + info.num_ack_pending === 0) return;
      if (Date.now() > deadline)
        throw new Error(`${durable} still has ${info.num_pending + info.num_ack_pending} events after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    await nc.close();
  }
}

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A new, empty database on the test server, so a test file owns its schemas and rows. */
export async function createTestDatabase(prefix = 'test'): Promise<TestDatabase> {
  const serverUrl = await requireService('postgres');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * A bus on the shared test NATS in a namespace of its own, so only this test's services answer its
 * questions and read its events (other test files run their own auth with other keys and sessions
 * on the same broker). Closing it deletes the namespace's streams.
 */
export async function createTestNatsBus(name: string, namespace = uniqueNamespace(name)): Promise<EventBus> {
  const url = await requireService('nats');
  const bus = await createNatsEventBus({ url, name, namespace, logger: silentLogger });
  return {
    ...bus,
    async close() {
      await bus.close();
      await deleteNamespaceStreams(namespace);
    },
  };
}

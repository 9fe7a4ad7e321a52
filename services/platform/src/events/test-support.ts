/** Helpers for the events integration tests: real NATS and PostgreSQL, or a clear failure. */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import type { EventEnvelope } from '@crucible/proto';
import type { EventBus } from './event-bus.ts';
import type { EventsLogger } from './logger.ts';
import { createMemoryEventBus } from './memory-event-bus.ts';
import { createNatsEventBus } from './nats-event-bus.ts';
import { TEST_SERVICES, freePort, notRunningMessage } from '@crucible/test-kit';

export const NATS_URL = TEST_SERVICES.nats.url;
export const DATABASE_URL = TEST_SERVICES.postgres.url;

export const silentLogger: EventsLogger = { info() {}, warn() {}, error() {} };

/** A name no other test run uses: streams, subject prefixes, schemas, durables. */
export function uniqueName(prefix = 'test'): string {
  return `${prefix}${randomBytes(5).toString('hex')}`;
}

export async function connectToTestNats(url = NATS_URL): Promise<NatsConnection> {
  try {
    return await connect({ servers: url, maxReconnectAttempts: 0, timeout: 3_000 });
  } catch (error) {
    throw new Error(notRunningMessage('nats', url, error), { cause: error });
  }
}

/** Where a test's events live: a NATS stream `name` storing `subjects` (`<name>.>`). */
export interface TestStream {
  name: string;
  subjects: string;
}

export function uniqueStream(): TestStream {
  const name = uniqueName();
  return { name, subjects: `${name}.>` };
}

export type TestBusKind = 'NATS' | 'in-process';
export const TEST_BUS_KINDS: readonly TestBusKind[] = ['NATS', 'in-process'];

const streamsToDelete = new Set<string>();

/** A bus of either kind whose events stay in `stream`; deleteTestStreams() removes those on the shared server. */
export async function createTestBus(
  kind: TestBusKind,
  stream: TestStream,
  options: { url?: string; logger?: EventsLogger } = {},
): Promise<EventBus> {
  const logger = options.logger ?? silentLogger;
  if (kind === 'in-process') return createMemoryEventBus({ logger });
  const url = options.url ?? NATS_URL;
  if (url === NATS_URL) streamsToDelete.add(stream.name);
  return createNatsEventBus({ url, name: 'events-test', streams: { [stream.name]: stream.subjects }, logger });
}

export async function deleteTestStreams(nc: NatsConnection): Promise<void> {
  const jsm = await jetstreamManager(nc);
  await Promise.all([...streamsToDelete].map((stream) => jsm.streams.delete(stream).catch(() => false)));
  streamsToDelete.clear();
}

export async function connectToTestPostgres(url = DATABASE_URL): Promise<pg.Pool> {
  const pool = new pg.Pool({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await pool.query('SELECT 1');
    return pool;
  } catch (error) {
    await pool.end();
    throw new Error(notRunningMessage('postgres', url, error), { cause: error });
  }
}

const PLATFORM_MIGRATIONS = new URL('../../migrations/', import.meta.url);

/** A fresh schema holding the outbox and processed_events tables, made by the real migration files in order. */
export async function createTestSchema(pool: pg.Pool): Promise<{ schema: string; drop(): Promise<void> }> {
  const schema = uniqueName('events_test_');
  const files = (await readdir(PLATFORM_MIGRATIONS)).filter((name) => name.endsWith('.sql')).toSorted();
  const ups = await Promise.all(
    files.map(
      async (name) => (await readFile(new URL(name, PLATFORM_MIGRATIONS), 'utf8')).split('-- Down Migration')[0]!,
    ),
  );
  const client = await pool.connect();
  try {
    await client.query(`CREATE SCHEMA "${schema}"`);
    await client.query(`SET search_path TO "${schema}"; ${ups.join('\n')}`);
  } finally {
    client.release(true);
  }
  return { schema, drop: async () => void (await pool.query(`DROP SCHEMA "${schema}" CASCADE`)) };
}

export { transactionRunner } from '../database/transactions.ts';

/** Collects what a subscription receives. */
export class EventInbox {
  readonly events: EventEnvelope[] = [];
  readonly handler = async (event: EventEnvelope): Promise<void> => {
    this.events.push(event);
  };

  ids(): string[] {
    return this.events.map((event) => event.id);
  }
}

/**
 * A nats-server of the test's own on a free port, which the test may stop and start: the shared
 * server at NATS_URL is used by others and must never be stopped.
 */
export interface PrivateNatsServer {
  readonly url: string;
  stop(): Promise<void>;
  /** Starts it again on the same port; `withEmptyStorage` simulates a broker that lost its disk. */
  start(options?: { withEmptyStorage?: boolean }): Promise<void>;
  dispose(): Promise<void>;
}

export async function startPrivateNatsServer(): Promise<PrivateNatsServer> {
  const binary = process.env.NATS_SERVER_BIN ?? 'nats-server';
  const port = await freePort();
  const newStorage = () => mkdtemp(join(tmpdir(), 'crucible-nats-'));
  let storage = await newStorage();
  let server: ChildProcess | undefined = await launchNatsServer(binary, port, storage);

  const stop = async () => {
    if (!server) return;
    const exited = once(server, 'exit');
    server.kill('SIGKILL');
    await exited;
    server = undefined;
  };
  return {
    url: `nats://127.0.0.1:${port}`,
    stop,
    async start({ withEmptyStorage = false } = {}) {
      if (withEmptyStorage) {
        await rm(storage, { recursive: true, force: true });
        storage = await newStorage();
      }
      server = await launchNatsServer(binary, port, storage);
    },
    async dispose() {
      await stop();
      await rm(storage, { recursive: true, force: true });
    },
  };
}

async function launchNatsServer(binary: string, port: number, storage: string): Promise<ChildProcess> {
  const server = spawn(binary, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storage], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`nats-server did not start within 10 s:\n${output}`)), 10_000);
    server.once('error', (error) => {
      clearTimeout(timer);
      reject(
        new Error(`Could not run ${binary} (${error.message}); install nats-server or set NATS_SERVER_BIN`, {
          cause: error,
        }),
      );
    });
    server.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Server is ready')) {
        clearTimeout(timer);
        // Keep draining the pipe so the server never blocks on a full stderr.
        server.stderr!.removeAllListeners('data').resume();
        resolve();
      }
    });
  });
  return server;
}

/**
 * Opens the real PostgreSQL and NATS for one test file and, after it, deletes the file's test
 * streams and closes both. Read `pool` inside tests (it is set once the file starts).
 */
export function useTestPostgresAndNats(): { readonly pool: pg.Pool } {
  let pool: pg.Pool | undefined;
  let nats: NatsConnection | undefined;
  beforeAll(async () => {
    pool = await connectToTestPostgres();
    nats = await connectToTestNats();
  });
  afterAll(async () => {
    if (nats) {
      await deleteTestStreams(nats);
      await nats.close();
    }
    await pool?.end();
  });
  return {
    get pool() {
      if (!pool) throw new Error('the test services are not open yet (use pool inside hooks and tests)');
      return pool;
    },
  };
}

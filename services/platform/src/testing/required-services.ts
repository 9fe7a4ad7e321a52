import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createNatsEventBus } from '../events/nats-event-bus.ts';
import type { EventBus } from '../events/event-bus.ts';
import { silentLogger } from '../logging/logger.ts';
import { isReachable } from '../runtime/reachability.ts';

/** The real services tests run against, from the environment, with this machine's defaults. */
export const TEST_SERVICES = {
  postgres: { url: process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres', port: 5432, start: "pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start" },
  redis: { url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', port: 6379, start: 'redis-server --daemonize yes --port 6379 --save "" --appendonly no' },
  nats: { url: process.env.NATS_URL ?? 'nats://127.0.0.1:4222', port: 4222, start: 'nats-server -js -a 127.0.0.1 -p 4222 &' },
} as const;

/** Fails (never skips) with how to start the service when it does not answer. */
export async function requireService(name: keyof typeof TEST_SERVICES): Promise<string> {
  const service = TEST_SERVICES[name];
  if (!(await isReachable(service.url, service.port, 2000))) {
    const variable = { postgres: 'DATABASE_URL', redis: 'REDIS_URL', nats: 'NATS_URL' }[name];
    throw new Error(`${name} does not answer at ${service.url}. Start it (e.g. \`${service.start}\`) or point ${variable} at one.`);
  }
  return service.url;
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
 * A bus on the shared test NATS whose questions only this test's services answer (other test files
 * run their own auth with other keys and sessions on the same broker).
 */
export async function createTestNatsBus(name: string): Promise<EventBus> {
  const url = await requireService('nats');
  return createNatsEventBus({ url, name, requestPrefix: `${name}-${randomBytes(4).toString('hex')}.`, logger: silentLogger });
}

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryCache } from '../cache/memory-cache.ts';
import type { Subscription } from '../events/event-bus.ts';
import { createMemoryEventBus } from '../events/memory-event-bus.ts';
import { silentLogger } from '../logging/logger.ts';
import { createTestDatabase, type TestDatabase } from '@crucible/test-kit';
import { openServiceStore } from './service-store.ts';

let database: TestDatabase;
let migrationsDir: string;

beforeAll(async () => {
  database = await createTestDatabase('service_store');
  migrationsDir = await mkdtemp(join(tmpdir(), 'service-store-migrations-'));
});

afterAll(async () => {
  await database?.drop();
  await rm(migrationsDir, { recursive: true, force: true });
});

function open(events: string[]) {
  return openServiceStore({
    config: { DATABASE_URL: database.url, JWT_ISSUER: 'issuer', JWT_AUDIENCE: 'audience' },
    deps: { logger: silentLogger, bus: createMemoryEventBus(), cache: createMemoryCache() },
    schema: 'store_test',
    migrationsDir,
    openClient: () => ({ $disconnect: async () => void events.push('client disconnected') }),
  });
}

const consumer = (name: string, events: string[]): (() => Promise<Subscription>) => {
  return async () => {
    events.push(`${name} started`);
    return { stop: async () => void events.push(`${name} stopped`) };
  };
};

describe('a service store', () => {
  it('starts its consumers in order and, on close, stops them before the client and the database', async () => {
    const events: string[] = [];
    const store = await open(events);
    expect(await store.database.isHealthy()).toBe(true);
    expect(store.readiness.map((check) => check.name)).toEqual(['database', 'events']);
    await store.start([
      consumer('users', events),
      async () => [await consumer('a', events)(), await consumer('b', events)()],
    ]);
    expect(events).toEqual(['users started', 'a started', 'b started']);
    await store.close();
    expect(events.slice(3).sort()).toEqual(['a stopped', 'b stopped', 'client disconnected', 'users stopped'].sort());
    expect(events.at(-1)).toBe('client disconnected');
    await expect(store.database.isHealthy()).rejects.toThrow(/after calling end/);
  });

  it('leaves nothing running when a consumer fails to start, and says why', async () => {
    const events: string[] = [];
    const store = await open(events);
    const failing = async (): Promise<Subscription> => {
      throw new Error('the broker refused the durable');
    };
    await expect(store.start([consumer('users', events), failing, consumer('never', events)])).rejects.toThrow(
      'the broker refused the durable',
    );
    expect(events).toEqual(['users started', 'users stopped', 'client disconnected']);
    await expect(store.database.isHealthy()).rejects.toThrow(/after calling end/);
  });
});

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from './database.ts';
import { transactionRunner } from './transactions.ts';
import { createHttpApp, listen } from '../http/create-http-app.ts';
import { createMemoryEventBus } from '../events/memory-event-bus.ts';
import { createOutboxRelay, enqueueEvent, newEvent, type OutboxRelay } from '../events/outbox.ts';
import type { EventBus } from '../events/event-bus.ts';
import { createLogger } from '../logging/logger.ts';
import { startPrivatePostgres, type PrivatePostgres } from '@crucible/test-kit';

/**
 * PostgreSQL restarted under a steady stream of writes, each a row plus its outbox event, as every
 * service writes: the process must live through every restart, the writes during the outage must
 * be told 503 with Retry-After (never 500), and every acknowledged write must be stored and its
 * event delivered exactly once.
 */
describe('a PostgreSQL restart under writes', () => {
  let server: PrivatePostgres;
  let database: Database;
  let bus: EventBus;
  let relay: OutboxRelay;
  let http: Awaited<ReturnType<typeof listen>>;
  let migrations: string;
  const delivered: string[] = [];
  const uncaught: unknown[] = [];
  const recordUncaught = (error: unknown) => uncaught.push(error);

  beforeAll(async () => {
    process.on('uncaughtException', recordUncaught);
    server = await startPrivatePostgres();
    migrations = await mkdtemp(join(tmpdir(), 'crucible-fault-migrations-'));
    const logger = createLogger({ level: 'silent', service: 'fault' });
    database = openDatabase({ url: server.url, schema: 'fault', migrationsDir: migrations, logger, poolSize: 4 });
    await database.migrate();
    await database.pool.query('CREATE TABLE notes (id UUID PRIMARY KEY)');
    bus = createMemoryEventBus();
    await bus.subscribe({
      durable: 'notes',
      subjects: ['fault.note.created'],
      handler: async (event) => void delivered.push((event.payload as { id: string }).id),
    });
    relay = createOutboxRelay({ pool: database.pool, schema: 'fault', bus, logger, pollIntervalMs: 50 });
    relay.start();
    const runInTransaction = transactionRunner(database.pool);
    const app = createHttpApp({
      service: 'fault',
      logger,
      readiness: () => [],
      metricsToken: undefined,
      routes: (router) =>
        router.post('/notes/:id', async (req, res) => {
          await runInTransaction(async (tx) => {
            await tx.$executeRawUnsafe('INSERT INTO notes (id) VALUES ($1::uuid)', req.params.id);
            await enqueueEvent(tx, 'fault', newEvent('fault.note.created', { id: req.params.id }));
          });
          relay.kick();
          res.status(201).json({ id: req.params.id });
        }),
    });
    http = await listen(app, 0, '127.0.0.1');
  }, 120_000);

  afterAll(async () => {
    process.off('uncaughtException', recordUncaught);
    await http?.close();
    await relay?.stop();
    await bus?.close();
    await database?.close();
    await server?.dispose();
    if (migrations) await rm(migrations, { recursive: true, force: true });
  }, 60_000);

  it('keeps the process alive, answers 503 with Retry-After during the outage and loses nothing', async () => {
    const statuses = new Map<number, number>();
    const acknowledged: string[] = [];
    let missingRetryAfter = 0;
    let writing = true;
    const write = async () => {
      const id = crypto.randomUUID();
      const response = await fetch(`http://127.0.0.1:${http.port}/notes/${id}`, { method: 'POST' });
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      if (response.status === 503 && !response.headers.get('retry-after')) missingRetryAfter += 1;
      if (response.status === 201) acknowledged.push(id);
      await response.arrayBuffer();
      return response.status;
    };
    const writer = (async () => {
      while (writing) {
        await write();
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();

    const recoveries: number[] = [];
    for (let restart = 0; restart < 3; restart += 1) {
      await vi.waitFor(() => expect(acknowledged.length).toBeGreaterThan(20 * (restart + 1)), { timeout: 30_000 });
      await server.stop();
      const stoppedAt = Date.now();
      await vi.waitFor(() => expect(statuses.get(503) ?? 0).toBeGreaterThan(restart), { timeout: 30_000 });
      await server.start();
      const before = acknowledged.length;
      await vi.waitFor(() => expect(acknowledged.length).toBeGreaterThan(before), { timeout: 30_000 });
      recoveries.push(Date.now() - stoppedAt);
    }
    writing = false;
    await writer;

    const { rows } = await database.pool.query<{ id: string }>('SELECT id FROM notes');
    const stored = new Set(rows.map((row) => row.id));
    const lost = acknowledged.filter((id) => !stored.has(id));
    await vi.waitFor(() => expect(new Set(delivered).size).toBeGreaterThanOrEqual(acknowledged.length), {
      timeout: 30_000,
    });
    const duplicates = delivered.length - new Set(delivered).size;
    console.log(
      `postgres restart x3: requests by status ${JSON.stringify(Object.fromEntries(statuses))}, ` +
        `acknowledged ${acknowledged.length}, lost ${lost.length}, events delivered ${delivered.length} ` +
        `(duplicates ${duplicates}), outage to first success ms ${recoveries.join('/')}`,
    );
    expect(uncaught).toEqual([]);
    expect(statuses.get(500) ?? 0).toBe(0);
    expect(statuses.get(503) ?? 0).toBeGreaterThanOrEqual(3);
    expect(missingRetryAfter).toBe(0);
    expect(lost).toEqual([]);
    expect(duplicates).toBe(0);
  }, 180_000);
});

import { Writable } from 'node:stream';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { SUBJECTS } from '@crucible/proto';
import { inOutboxTransaction } from '../database/transactions.ts';
import { subscribeIdempotent } from '../events/idempotent-consumer.ts';
import { createMemoryEventBus } from '../events/memory-event-bus.ts';
import { newEvent } from '../events/outbox.ts';
import type { SqlExecutor } from '../events/sql.ts';
import { createHttpApp, listen } from '../http/create-http-app.ts';
import { createLogger } from './logger.ts';

/** A logger whose JSON lines land in `lines`. */
function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logger: createLogger({ service: 'log-context-test', level: 'debug', destination }) };
}

/** Stands in for the database: every statement affects one row. */
const fakeTx: SqlExecutor = { $executeRawUnsafe: async () => 1 };
const openFake = <T>(work: (tx: SqlExecutor) => Promise<T>) => work(fakeTx);

describe('log context', () => {
  const servers: Awaited<ReturnType<typeof listen>>[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
  });

  it("puts the request id on the route's own lines and lists the events it emitted on the request line", async () => {
    const { lines, logger } = capturingLogger();
    const app = createHttpApp({
      service: 'log-context-test',
      metricsToken: undefined,
      logger,
      readiness: () => [],
      collectProcessMetrics: false,
      routes: (router) =>
        router.post('/things', async (_req, res) => {
          await new Promise((resolve) => setTimeout(resolve, 5));
          logger.info('working on it');
          await inOutboxTransaction(openFake, { schema: 'test', relay: { kick() {} } }, async (_tx, emit) => {
            await emit(SUBJECTS.userDeleted, { id: 'u1' });
          });
          res.status(201).json({ ok: true });
        }),
    });
    const server = await listen(app, 0, '127.0.0.1');
    servers.push(server);
    await fetch(`http://127.0.0.1:${server.port}/things`, { method: 'POST', headers: { 'X-Request-Id': 'req-42' } });

    await vi.waitFor(() => expect(lines.some((line) => line.msg === 'request completed')).toBe(true));
    expect(lines.find((line) => line.msg === 'working on it')).toMatchObject({ reqId: 'req-42' });
    const requestLine = lines.find((line) => line.msg === 'request completed')!;
    expect(requestLine.reqId).toBe('req-42');
    expect(requestLine.events).toEqual([expect.stringMatching(/^[0-9a-f-]{36}$/)]);
  });

  it("puts the event id, subject and consumer on a consumer's lines", async () => {
    const { lines, logger } = capturingLogger();
    const bus = createMemoryEventBus({ logger: { info() {}, warn() {}, error() {} } });
    await subscribeIdempotent({
      bus,
      durable: 'log-context-consumer',
      subjects: [SUBJECTS.userDeleted],
      schema: 'test',
      runInTransaction: openFake,
      handler: async () => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        logger.info('applying');
      },
    });
    const event = newEvent(SUBJECTS.userDeleted, { id: 'u2' });
    await bus.publish(event);
    await vi.waitFor(() => expect(lines.find((line) => line.msg === 'applying')).toBeDefined());
    expect(lines.find((line) => line.msg === 'applying')).toMatchObject({
      eventId: event.id,
      subject: SUBJECTS.userDeleted,
      consumer: 'log-context-consumer',
    });
    expect(lines.find((line) => line.msg === 'applying')).not.toHaveProperty('reqId');
    await bus.close();
  });
});

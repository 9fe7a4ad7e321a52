import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DurableSubscriptionOptions, EventBus, EventEnvelope } from './event-bus.ts';
import { deleteProcessedEventsOlderThan, subscribeIdempotent } from './idempotent-consumer.ts';
import { createMemoryEventBus } from './memory-event-bus.ts';
import { newEvent } from './outbox.ts';
import { PROCESSED_EVENTS_MAX_AGE_MS } from './retention.ts';
import type { SqlExecutor } from './sql.ts';
import {
  TEST_BUS_KINDS,
  createTestBus,
  createTestSchema,
  silentLogger,
  transactionRunner,
  uniqueStream,
  useTestPostgresAndNats,
} from './test-support.ts';

const WAIT = { timeout: 10_000, interval: 20 };
const FAST_RETRY_MS = 50;

const testServices = useTestPostgresAndNats();

/**
 * Counts deliveries, and fails each event's first delivery after the handler has run (committed),
 * as when a consumer crashes between its commit and its ack: the bus really delivers it again.
 */
function busThatLosesFirstAcks(bus: EventBus): EventBus & { deliveries: string[] } {
  const deliveries: string[] = [];
  return {
    ...bus,
    deliveries,
    subscribe: <S extends string>(options: DurableSubscriptionOptions<S>) =>
      bus.subscribe({
        ...options,
        handler: async (event) => {
          deliveries.push(event.id);
          await options.handler(event);
          if (deliveries.filter((id) => id === event.id).length === 1) throw new Error('the ack was lost');
        },
      }),
  };
}

describe.each(TEST_BUS_KINDS)('idempotent consumer over the %s bus', (kind) => {
  let bus: EventBus;
  let prefix: string;
  let schema: string;
  let dropSchema: () => Promise<void>;

  beforeEach(async () => {
    ({ schema, drop: dropSchema } = await createTestSchema(testServices.pool));
    const stream = uniqueStream();
    prefix = stream.name;
    bus = await createTestBus(kind, stream);
    await testServices.pool.query(
      `CREATE TABLE "${schema}".effects (n BIGSERIAL PRIMARY KEY, consumer TEXT NOT NULL, event_id UUID NOT NULL)`,
    );
  });

  afterEach(async () => {
    await bus.close();
    await dropSchema();
  });

  const recordEffect = (consumer: string) => async (event: EventEnvelope, tx: SqlExecutor) => {
    await tx.$executeRawUnsafe(
      `INSERT INTO "${schema}".effects (consumer, event_id) VALUES ($1, $2::uuid)`,
      consumer,
      event.id,
    );
  };

  function subscribe(options: {
    durable: string;
    via?: EventBus;
    handler?: (event: EventEnvelope, tx: SqlExecutor) => Promise<void>;
  }) {
    return subscribeIdempotent({
      bus: options.via ?? bus,
      durable: options.durable,
      subjects: [`${prefix}.>`],
      schema,
      runInTransaction: transactionRunner(testServices.pool),
      retryDelayMs: FAST_RETRY_MS,
      handler: options.handler ?? recordEffect(options.durable),
    });
  }

  async function effects(): Promise<Array<{ consumer: string; event_id: string }>> {
    const { rows } = await testServices.pool.query(`SELECT consumer, event_id FROM "${schema}".effects ORDER BY n`);
    return rows;
  }

  async function processedCount(durable: string, eventId: string): Promise<number> {
    const { rows } = await testServices.pool.query(
      `SELECT count(*)::int AS count FROM "${schema}".processed_events WHERE consumer = $1 AND event_id = $2`,
      [durable, eventId],
    );
    return rows[0].count;
  }

  it('applies an event once when the bus delivers it again after the handler committed', async () => {
    const lossy = busThatLosesFirstAcks(bus);
    await subscribe({ durable: 'projector', via: lossy });
    const happened = newEvent(`${prefix}.user.created`, {});
    await bus.publish(happened);

    await vi.waitFor(() => expect(lossy.deliveries).toEqual([happened.id, happened.id]), WAIT);
    expect(await effects()).toEqual([{ consumer: 'projector', event_id: happened.id }]);
  });

  it('rolls back a failed handler with its processed mark, so the redelivery applies the event', async () => {
    let attempts = 0;
    const failFirstAttemptAfterWriting = async (event: EventEnvelope, tx: SqlExecutor) => {
      attempts += 1;
      await recordEffect('projector')(event, tx);
      if (attempts === 1) throw new Error('the handler failed half-way');
    };
    await subscribe({ durable: 'projector', handler: failFirstAttemptAfterWriting });
    const happened = newEvent(`${prefix}.user.created`, {});
    await bus.publish(happened);

    await vi.waitFor(() => expect(attempts).toBe(2), WAIT);
    await vi.waitFor(
      async () => expect(await effects()).toEqual([{ consumer: 'projector', event_id: happened.id }]),
      WAIT,
    );
    expect(await processedCount('projector', happened.id)).toBe(1);
  });

  it('applies an event once for each durable name', async () => {
    await subscribe({ durable: 'search-index' });
    await subscribe({ durable: 'audit-log' });
    const happened = newEvent(`${prefix}.user.created`, {});
    await bus.publish(happened);

    await vi.waitFor(async () => expect(await effects()).toHaveLength(2), WAIT);
    expect((await effects()).map((effect) => effect.consumer).toSorted()).toEqual(['audit-log', 'search-index']);
  });

  /** Sessions of this test's database blocked on another transaction's lock. */
  async function transactionsWaitingOnALock(): Promise<number> {
    const { rows } = await testServices.pool.query<{ waiting: number }>(
      `SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    return rows[0]!.waiting;
  }

  it('applies an event once when two deliveries of it run at the same time', async () => {
    let deliver: DurableSubscriptionOptions['handler'] = async () => {};
    const capturingBus: EventBus = {
      ...bus,
      async subscribe(options) {
        deliver = options.handler as DurableSubscriptionOptions['handler'];
        return { stop: async () => {} };
      },
    };
    const slowEffect = async (event: EventEnvelope, tx: SqlExecutor) => {
      await recordEffect('projector')(event, tx);
      // The second delivery's insert of the same key waits on this still-open transaction.
      await vi.waitFor(async () => expect(await transactionsWaitingOnALock()).toBeGreaterThan(0), { timeout: 10_000 });
    };
    await subscribe({ durable: 'projector', via: capturingBus, handler: slowEffect });
    const happened = newEvent(`${prefix}.user.created`, {});

    await Promise.all([deliver(happened), deliver(happened)]);
    expect(await effects()).toEqual([{ consumer: 'projector', event_id: happened.id }]);
  });
});

describe('processed_events retention', () => {
  const HOUR_MS = 60 * 60_000;
  let schema: string;
  let dropSchema: () => Promise<void>;

  beforeEach(async () => {
    ({ schema, drop: dropSchema } = await createTestSchema(testServices.pool));
  });
  afterEach(() => dropSchema());

  /** A record of `consumer` having applied an event `ageMs` ago; returns the event id. */
  async function recordProcessed(consumer: string, ageMs: number): Promise<string> {
    const eventId = crypto.randomUUID();
    await testServices.pool.query(
      `INSERT INTO "${schema}".processed_events (consumer, event_id, processed_at) VALUES ($1, $2, now() - $3::float8 * interval '1 millisecond')`,
      [consumer, eventId, ageMs],
    );
    return eventId;
  }

  async function remaining(): Promise<string[]> {
    const { rows } = await testServices.pool.query(
      `SELECT event_id FROM "${schema}".processed_events ORDER BY processed_at`,
    );
    return rows.map((row) => row.event_id);
  }

  it("deletes the consumer's records older than the limit and keeps newer ones and other consumers'", async () => {
    const expired = await recordProcessed('projector', PROCESSED_EVENTS_MAX_AGE_MS + HOUR_MS);
    const otherConsumers = await recordProcessed('audit-log', PROCESSED_EVENTS_MAX_AGE_MS + HOUR_MS);
    const recent = await recordProcessed('projector', PROCESSED_EVENTS_MAX_AGE_MS - HOUR_MS);

    const deleted = await transactionRunner(testServices.pool)((tx) =>
      deleteProcessedEventsOlderThan(tx, schema, 'projector', PROCESSED_EVENTS_MAX_AGE_MS),
    );

    expect(deleted).toBe(1);
    expect(await remaining()).toEqual([otherConsumers, recent]);
    expect(await remaining()).not.toContain(expired);
  });

  it('is pruned by the consumer itself as events arrive', async () => {
    const expired = await recordProcessed('projector', PROCESSED_EVENTS_MAX_AGE_MS + HOUR_MS);
    const bus = createMemoryEventBus({ logger: silentLogger });
    try {
      await subscribeIdempotent({
        bus,
        durable: 'projector',
        subjects: ['test.>'],
        schema,
        runInTransaction: transactionRunner(testServices.pool),
        handler: async () => {},
      });
      const arrived = newEvent('test.thing.happened', {});
      await bus.publish(arrived);
      await vi.waitFor(async () => expect(await remaining()).toEqual([arrived.id]), WAIT);
      expect(await remaining()).not.toContain(expired);
    } finally {
      await bus.close();
    }
  });
});

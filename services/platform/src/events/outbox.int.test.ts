import type pg from 'pg';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EventBusUnavailableError, type EventBus } from './event-bus.ts';
import { subscribeIdempotent } from './idempotent-consumer.ts';
import { createOutboxRelay, enqueueEvent, newEvent, type OutboxRelay } from './outbox.ts';
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
const POLL_MS = 20;

const testServices = useTestPostgresAndNats();

/**
 * Fails the first `failures` publishes the way a broker outage does: every other failure after the
 * broker stored the event (the ack was lost), so the relay publishes that event again.
 */
function flakyBus(bus: EventBus, failures: number): EventBus & { publishAttempts: () => number } {
  let attempts = 0;
  return {
    ...bus,
    publishAttempts: () => attempts,
    async publish(event) {
      attempts += 1;
      if (attempts > failures) return bus.publish(event);
      if (attempts % 2 === 0) await bus.publish(event);
      throw new EventBusUnavailableError('the broker is down (simulated)');
    },
  };
}

describe.each(TEST_BUS_KINDS)('outbox over the %s bus', (kind) => {
  let bus: EventBus;
  let prefix: string;
  let schema: string;
  let dropSchema: () => Promise<void>;
  let relays: OutboxRelay[];
  const runInTransaction = () => transactionRunner(testServices.pool);

  beforeEach(async () => {
    ({ schema, drop: dropSchema } = await createTestSchema(testServices.pool));
    const stream = uniqueStream();
    prefix = stream.name;
    bus = await createTestBus(kind, stream);
    relays = [];
    await testServices.pool.query(`CREATE TABLE "${schema}".applied (n BIGSERIAL PRIMARY KEY, event_id UUID NOT NULL)`);
  });

  afterEach(async () => {
    await Promise.all(relays.map((relay) => relay.stop()));
    await bus.close();
    await dropSchema();
  });

  const event = (index = 0) => newEvent(`${prefix}.thing.happened`, { index });

  function startRelay(
    options: { bus?: EventBus; logger?: typeof silentLogger; pollIntervalMs?: number; pool?: pg.Pool } = {},
  ) {
    const relay = createOutboxRelay({
      pool: options.pool ?? testServices.pool,
      schema,
      bus: options.bus ?? bus,
      logger: options.logger ?? silentLogger,
      pollIntervalMs: options.pollIntervalMs ?? POLL_MS,
      batchSize: 10,
    });
    relays.push(relay);
    relay.start();
    return relay;
  }

  async function enqueueCommitted(events: ReturnType<typeof event>[]) {
    await runInTransaction()(async (tx) => {
      for (const each of events) await enqueueEvent(tx, schema, each);
    });
  }

  /** Applies each event by recording its id in `applied`, with no unique key, so a second apply would show. */
  async function consumeIntoAppliedTable() {
    await subscribeIdempotent({
      bus,
      durable: 'applier',
      subjects: [`${prefix}.>`],
      schema,
      runInTransaction: runInTransaction(),
      handler: async (applied, tx) => {
        await tx.$executeRawUnsafe(`INSERT INTO "${schema}".applied (event_id) VALUES ($1::uuid)`, applied.id);
      },
    });
  }

  async function appliedIds(): Promise<string[]> {
    const { rows } = await testServices.pool.query<{ event_id: string }>(
      `SELECT event_id FROM "${schema}".applied ORDER BY n`,
    );
    return rows.map((row) => row.event_id);
  }

  async function unpublishedCount(): Promise<number> {
    const { rows } = await testServices.pool.query(
      `SELECT count(*)::int AS count FROM "${schema}".outbox WHERE published_at IS NULL`,
    );
    return rows[0].count;
  }

  it('delivers an event enqueued in a committed transaction and marks it published', async () => {
    await consumeIntoAppliedTable();
    startRelay();
    const committed = event();
    await enqueueCommitted([committed]);
    await vi.waitFor(async () => expect(await appliedIds()).toEqual([committed.id]), WAIT);
    // The consumer may apply the event before the relay has marked its row published.
    await vi.waitFor(async () => expect(await unpublishedCount()).toBe(0), WAIT);
  });

  it('never delivers an event enqueued in a rolled-back transaction', async () => {
    await consumeIntoAppliedTable();
    const relay = startRelay();
    const rolledBack = event(1);
    await expect(
      runInTransaction()(async (tx) => {
        await enqueueEvent(tx, schema, rolledBack);
        throw new Error('the state change failed');
      }),
    ).rejects.toThrow('the state change failed');
    const marker = event(2);
    await enqueueCommitted([marker]);
    relay.kick();
    await vi.waitFor(async () => expect(await appliedIds()).toEqual([marker.id]), WAIT);
  });

  it('delivers every event of a burst once, in order, after the broker comes back', async () => {
    await consumeIntoAppliedTable();
    const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const broker = flakyBus(bus, 5);
    const relay = startRelay({ bus: broker, logger });
    const burst = Array.from({ length: 50 }, (_, index) => event(index));
    await enqueueCommitted(burst);

    await vi.waitFor(async () => expect(await appliedIds()).toHaveLength(burst.length), WAIT);
    // A marker relayed after the burst is applied after any duplicate of it, had one slipped through.
    const marker = event(burst.length);
    await enqueueCommitted([marker]);
    relay.kick();
    await vi.waitFor(async () => expect(await appliedIds()).toContain(marker.id), WAIT);
    expect(await appliedIds()).toEqual([...burst, marker].map((each) => each.id));
    expect(broker.publishAttempts()).toBeGreaterThan(burst.length);
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(logger.info).toHaveBeenCalledWith(expect.objectContaining({ failedAttempts: 5 }), expect.any(String));
  });

  it('publishes each row once when two relays share the outbox', async () => {
    const published: string[] = [];
    const countingBus: EventBus = {
      ...bus,
      async publish(each) {
        published.push(each.id);
        await bus.publish(each);
      },
    };
    startRelay({ bus: countingBus });
    startRelay({ bus: countingBus });
    const burst = Array.from({ length: 50 }, (_, index) => event(index));
    await enqueueCommitted(burst);
    await vi.waitFor(async () => expect(await unpublishedCount()).toBe(0), WAIT);
    expect(published.toSorted()).toEqual(burst.map((each) => each.id).toSorted());
  });

  it('marks a batch with the next claim when another commit woke it meanwhile, else alone before sleeping', async () => {
    const statements: string[] = [];
    const pool = new Proxy(testServices.pool, {
      get(target, name) {
        if (name !== 'query') return Reflect.get(target, name) as unknown;
        return (text: string, values?: unknown[]) => {
          statements.push(
            text.includes('claimed_by = $2')
              ? ((values?.[3] as unknown[] | undefined)?.length ?? 0) > 0
                ? 'mark+claim'
                : 'claim'
              : text.includes('SET published_at = now()')
                ? 'mark'
                : 'other',
          );
          return target.query(text, values);
        };
      },
    });
    const first = event(1);
    const second = event(2);
    let releaseFirst!: () => void;
    const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
    let firstPublishing!: () => void;
    const firstReached = new Promise<void>((resolve) => (firstPublishing = resolve));
    const published: string[] = [];
    const holdingBus: EventBus = {
      ...bus,
      async publish(each) {
        if (each.id === first.id) {
          firstPublishing();
          await firstHeld;
        }
        published.push(each.id);
        await bus.publish(each);
      },
    };
    const relay = startRelay({ bus: holdingBus, pool: pool as unknown as pg.Pool, pollIntervalMs: 60_000 });
    await vi.waitFor(() => expect(statements.length).toBeGreaterThan(0), WAIT);
    statements.length = 0;
    await enqueueCommitted([first]);
    relay.kick();
    await firstReached;
    // The second commit wakes the relay while it is publishing the first.
    await enqueueCommitted([second]);
    relay.kick();
    releaseFirst();
    await vi.waitFor(async () => expect(await unpublishedCount()).toBe(0), WAIT);
    expect(published).toEqual([first.id, second.id]);
    // The first batch's mark rode on the second claim; the second batch, with nothing after it, was marked alone.
    expect(statements.filter((statement) => statement.startsWith('mark'))).toEqual(['mark+claim', 'mark']);
  });

  it('relays what is pending when it stops', async () => {
    await consumeIntoAppliedTable();
    let claimsAnswered = 0;
    const pool = new Proxy(testServices.pool, {
      get(target, name) {
        if (name !== 'query') return Reflect.get(target, name) as unknown;
        return async (text: string, values?: unknown[]) => {
          const result = await target.query(text, values);
          if (text.includes('claimed_by = $2')) claimsAnswered += 1;
          return result;
        };
      },
    });
    const relay = startRelay({ pool: pool as unknown as pg.Pool, pollIntervalMs: 60_000 });
    // The first pass found nothing; the next poll is a minute away.
    await vi.waitFor(() => expect(claimsAnswered).toBeGreaterThan(0), WAIT);
    const pending = event();
    await enqueueCommitted([pending]);
    await relay.stop();
    expect(await unpublishedCount()).toBe(0);
    await vi.waitFor(async () => expect(await appliedIds()).toEqual([pending.id]), WAIT);
  });

  it('deletes rows published more than a day ago and keeps the rest', async () => {
    const [old, recent] = [event(1), event(2)];
    await enqueueCommitted([old, recent]);
    await testServices.pool.query(
      `UPDATE "${schema}".outbox SET published_at = now() - interval '25 hours' WHERE id = $1`,
      [old.id],
    );
    await testServices.pool.query(
      `UPDATE "${schema}".outbox SET published_at = now() - interval '23 hours' WHERE id = $1`,
      [recent.id],
    );
    startRelay();
    await vi.waitFor(async () => {
      const { rows } = await testServices.pool.query(`SELECT id FROM "${schema}".outbox`);
      expect(rows.map((row) => row.id)).toEqual([recent.id]);
    }, WAIT);
  });
});

describe('enqueueEvent', () => {
  it('refuses a schema name that is not a plain identifier', async () => {
    const tx = { $executeRawUnsafe: vi.fn() };
    await expect(enqueueEvent(tx, 'auth"; DROP TABLE users; --', newEvent('test.thing.happened', {}))).rejects.toThrow(
      /Invalid schema name/,
    );
    expect(tx.$executeRawUnsafe).not.toHaveBeenCalled();
  });
});

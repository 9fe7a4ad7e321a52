import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventBus } from '../events/event-bus.ts';
import { subscribeIdempotent } from '../events/idempotent-consumer.ts';
import { createOutboxRelay, enqueueEvent, newEvent, type OutboxRelay } from '../events/outbox.ts';
import {
  createTestBus,
  createTestSchema,
  silentLogger,
  transactionRunner,
  uniqueStream,
  useTestPostgresAndNats,
} from '../events/test-support.ts';
import { domainMetricsRegistry } from './domain-metrics.ts';

const testServices = useTestPostgresAndNats();
const WAIT = { timeout: 10_000, interval: 20 };

/** The value of one series of the process's domain metrics, or undefined when absent. */
async function series(name: string, labels: Record<string, string>): Promise<number | undefined> {
  const metric = (await domainMetricsRegistry.getMetricsAsJSON()).find((m) => m.name === name);
  const value = metric?.values.find((v) =>
    Object.entries(labels).every(([key, expected]) => String((v.labels as Record<string, unknown>)[key]) === expected),
  );
  return value?.value;
}

describe('domain metrics of the outbox and the idempotent consumer', () => {
  let bus: EventBus;
  let schema: string;
  let prefix: string;
  let drop: () => Promise<void>;
  let relay: OutboxRelay | undefined;

  beforeEach(async () => {
    ({ schema, drop } = await createTestSchema(testServices.pool));
    const stream = uniqueStream();
    prefix = stream.name;
    bus = await createTestBus('in-process', stream);
  });
  afterEach(async () => {
    await relay?.stop();
    await bus.close();
    await drop();
  });

  const enqueue = (count: number) =>
    transactionRunner(testServices.pool)(async (tx) => {
      for (let index = 0; index < count; index += 1)
        await enqueueEvent(tx, schema, newEvent(`${prefix}.thing.happened`, { index }));
    });

  it('reports the unpublished backlog, then the relay lag and consumer outcomes once events flow', async () => {
    relay = createOutboxRelay({ pool: testServices.pool, schema, bus, logger: silentLogger, pollIntervalMs: 20 });
    // Stopped relay: the backlog gauge is only reported while a relay runs.
    await enqueue(3);
    relay.start();
    await relay.stop();
    await enqueue(2);
    relay = createOutboxRelay({ pool: testServices.pool, schema, bus, logger: silentLogger, pollIntervalMs: 60_000 });

    const applied: string[] = [];
    await subscribeIdempotent({
      bus,
      durable: 'metrics-consumer',
      subjects: [`${prefix}.>`],
      schema,
      runInTransaction: transactionRunner(testServices.pool),
      handler: async (event) => void applied.push(event.id),
    });
    relay.start();
    await vi.waitFor(() => expect(applied).toHaveLength(5), WAIT);

    expect(await series('crucible_outbox_relay_lag_seconds', { service: schema, le: '+Inf' })).toBe(5);
    expect(await series('crucible_outbox_pending_events', { service: schema })).toBe(0);
    expect(await series('crucible_outbox_oldest_pending_seconds', { service: schema })).toBe(0);
    expect(
      await series('crucible_events_consumed_total', {
        service: schema,
        consumer: 'metrics-consumer',
        outcome: 'applied',
      }),
    ).toBe(5);
    expect(
      await series('crucible_event_consumer_lag_seconds', {
        service: schema,
        consumer: 'metrics-consumer',
        le: '+Inf',
      }),
    ).toBe(5);

    // A backlog that the (slow-polling) relay has not published yet shows on the next scrape.
    await enqueue(4);
    await vi.waitFor(
      async () => expect(await series('crucible_outbox_pending_events', { service: schema })).toBe(4),
      WAIT,
    );
    expect(await series('crucible_outbox_oldest_pending_seconds', { service: schema })).toBeGreaterThanOrEqual(0);
    await relay.stop();
    relay = undefined;
    expect(await series('crucible_outbox_pending_events', { service: schema })).toBeUndefined();
  });
});

describe('JetStream consumer backlog', () => {
  it('reports the events a durable consumer has not had acknowledged, while it runs', async () => {
    const stream = uniqueStream();
    const bus = await createTestBus('NATS', stream);
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const handled: string[] = [];
    const subscription = await bus.subscribe({
      durable: 'backlog-consumer',
      subjects: [`${stream.name}.>`],
      handler: async (event) => {
        await gate;
        handled.push(event.id);
      },
    });
    const labels = { stream: stream.name, consumer: 'backlog-consumer' };
    try {
      for (let index = 0; index < 3; index += 1)
        await bus.publish(newEvent(`${stream.name}.thing.happened`, { index }));
      await vi.waitFor(async () => expect(await series('crucible_jetstream_consumer_pending', labels)).toBe(3), WAIT);
      release();
      await vi.waitFor(() => expect(handled).toHaveLength(3), WAIT);
      await vi.waitFor(async () => expect(await series('crucible_jetstream_consumer_pending', labels)).toBe(0), WAIT);
    } finally {
      release();
      await subscription.stop();
      await bus.close();
    }
    expect(await series('crucible_jetstream_consumer_pending', labels)).toBeUndefined();
  });
});

import type { EventOf } from '@crucible/proto';
import type { EventBus, Subscription } from './event-bus.ts';
import type { EventsLogger } from './logger.ts';
import { PROCESSED_EVENTS_CLEANUP_EVERY_MS, PROCESSED_EVENTS_MAX_AGE_MS } from './retention.ts';
import { qualifiedTable, type SqlExecutor } from './sql.ts';
import { consumedEvents, consumerLag, secondsSince } from '../metrics/domain-metrics.ts';
import { withLogContext } from '../logging/log-context.ts';

/**
 * `Tx` is the transaction client `runInTransaction` hands out (Prisma's, typed by the service): the
 * handler receives that same type, so a service needs no cast between the two.
 */
export interface IdempotentSubscriptionOptions<S extends string = string, Tx extends SqlExecutor = SqlExecutor> {
  bus: EventBus;
  durable: string;
  subjects: S[];
  /** Runs `work` in one database transaction (Prisma's `$transaction(async (tx) => ...)`). */
  runInTransaction: <T>(work: (tx: Tx) => Promise<T>) => Promise<T>;
  /** The consuming service's schema, which holds its processed_events table. */
  schema: string;
  /**
   * Applies the event (its payload parsed by the subject's schema) with `tx`, so its effect and the
   * record that it was applied commit together.
   */
  handler: (event: EventOf<S>, tx: Tx) => Promise<void>;
  retryDelayMs?: number;
  /** Where a failed clean-up of old processed_events rows is reported. */
  logger?: EventsLogger;
}

/**
 * A durable subscription whose handler takes effect once per event, however often the bus
 * delivers it: the event id is recorded in the same transaction as the handler's writes. Records
 * older than PROCESSED_EVENTS_MAX_AGE_MS are deleted as events arrive, at most every ten minutes.
 */
export async function subscribeIdempotent<S extends string, Tx extends SqlExecutor = SqlExecutor>(
  options: IdempotentSubscriptionOptions<S, Tx>,
): Promise<Subscription> {
  const { bus, durable, subjects, runInTransaction, schema, handler, retryDelayMs, logger } = options;
  const processedEvents = qualifiedTable(schema, 'processed_events');
  let lastCleanupAt = 0;

  async function deleteExpiredWhenDue(): Promise<void> {
    if (Date.now() - lastCleanupAt < PROCESSED_EVENTS_CLEANUP_EVERY_MS) return;
    lastCleanupAt = Date.now();
    try {
      await runInTransaction((tx) => deleteProcessedEventsOlderThan(tx, schema, durable, PROCESSED_EVENTS_MAX_AGE_MS));
    } catch (error) {
      logger?.warn({ err: error, durable }, 'could not delete old processed_events rows; trying again later');
    }
  }

  return bus.subscribe({
    durable,
    subjects,
    retryDelayMs,
    // Lines logged while handling carry the event's id, subject and this consumer (log-context.ts).
    handler: (event) =>
      withLogContext({ eventId: event.id, subject: event.subject, consumer: durable }, () => handle(event)),
  });

  async function handle(event: EventOf<S>): Promise<void> {
    const labels = { service: schema, consumer: durable };
    consumerLag.observe(labels, secondsSince(event.occurredAt));
    const outcome = await runInTransaction(async (tx) => {
      // A concurrent delivery of the same event waits here on the key until this one commits or rolls back.
      const firstDelivery = await tx.$executeRawUnsafe(
        `INSERT INTO ${processedEvents} (consumer, event_id) VALUES ($1, $2::uuid) ON CONFLICT DO NOTHING`,
        durable,
        event.id,
      );
      if (firstDelivery === 0) return 'duplicate';
      await handler(event, tx);
      return 'applied';
    }).catch((error: unknown) => {
      consumedEvents.inc({ ...labels, outcome: 'failed' });
      throw error;
    });
    consumedEvents.inc({ ...labels, outcome });
    await deleteExpiredWhenDue();
  }
}

/** Forgets what `consumer` applied more than `maxAgeMs` ago; returns how many records went. */
export function deleteProcessedEventsOlderThan(
  tx: SqlExecutor,
  schema: string,
  consumer: string,
  maxAgeMs: number,
): Promise<number> {
  return tx.$executeRawUnsafe(
    `DELETE FROM ${qualifiedTable(schema, 'processed_events')} WHERE consumer = $1 AND processed_at < now() - $2::float8 * interval '1 millisecond'`,
    consumer,
    maxAgeMs,
  );
}

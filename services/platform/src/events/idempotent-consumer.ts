import type { EventEnvelope } from '@crucible/proto';
import type { EventBus, Subscription } from './event-bus.ts';
import { qualifiedTable, type SqlExecutor } from './sql.ts';

export interface IdempotentSubscriptionOptions {
  bus: EventBus;
  durable: string;
  subjects: string[];
  /** Runs `work` in one database transaction (Prisma's `$transaction(async (tx) => ...)`). */
  runInTransaction: <T>(work: (tx: SqlExecutor) => Promise<T>) => Promise<T>;
  /** The consuming service's schema, which holds its processed_events table. */
  schema: string;
  /** Applies the event with `tx`, so its effect and the record that it was applied commit together. */
  handler: (event: EventEnvelope, tx: SqlExecutor) => Promise<void>;
  retryDelayMs?: number;
}

/**
 * A durable subscription whose handler takes effect once per event, however often the bus
 * delivers it: the event id is recorded in the same transaction as the handler's writes.
 */
export async function subscribeIdempotent(options: IdempotentSubscriptionOptions): Promise<Subscription> {
  const { bus, durable, subjects, runInTransaction, schema, handler, retryDelayMs } = options;
  const processedEvents = qualifiedTable(schema, 'processed_events');
  return bus.subscribe({
    durable,
    subjects,
    retryDelayMs,
    handler: (event) =>
      runInTransaction(async (tx) => {
        // A concurrent delivery of the same event waits here on the key until this one commits or rolls back.
        const firstDelivery = await tx.$executeRawUnsafe(
          `INSERT INTO ${processedEvents} (consumer, event_id) VALUES ($1, $2::uuid) ON CONFLICT DO NOTHING`,
          durable,
          event.id,
        );
        if (firstDelivery === 0) return;
        await handler(event, tx);
      }),
  });
}

import type pg from 'pg';
import { enqueueEvent, newEvent, type EmitEvent, type OutboxRelay } from '../events/outbox.ts';
import type { SqlExecutor } from '../events/sql.ts';
import { currentLogContext } from '../logging/log-context.ts';

/** Adds an event to the transaction's outbox, typed by proto's event map; it leaves only if the transaction commits. */
export type Emit = EmitEvent;

/** Opens a transaction and hands its client to `work`: `(work) => prisma.$transaction(work)`, or transactionRunner(pool). */
export type TransactionOpener<Tx> = <T>(work: (tx: Tx) => Promise<T>) => Promise<T>;

export interface OutboxTarget {
  /** The service's schema, whose outbox table the events go to. */
  schema: string;
  relay: Pick<OutboxRelay, 'kick'>;
}

/**
 * Runs a state change and the events it emits in one transaction (the outbox), then wakes the
 * relay so the events leave at once rather than at its next poll. A transaction that emitted
 * nothing does not wake it: there is nothing to send.
 */
export async function inOutboxTransaction<Tx extends SqlExecutor, T>(
  open: TransactionOpener<Tx>,
  outbox: OutboxTarget,
  work: (tx: Tx, emit: Emit) => Promise<T>,
): Promise<T> {
  let emitted = false;
  const result = await open(async (tx) => {
    const emit: Emit = async (subject, payload) => {
      emitted = true;
      const event = newEvent(subject, payload);
      await enqueueEvent(tx, outbox.schema, event);
      // The request's log line lists the events it caused (log-context.ts).
      currentLogContext()?.events?.push(event.id);
    };
    return work(tx, emit);
  });
  if (emitted) outbox.relay.kick();
  return result;
}

/** The outbox and idempotent-consumer executor shape over a plain pg client. */
export function sqlExecutor(client: pg.ClientBase): SqlExecutor {
  return { $executeRawUnsafe: async (query, ...values) => (await client.query(query, values)).rowCount ?? 0 };
}

/**
 * Runs `work` in one transaction on a pooled connection. A connection that cannot even roll back
 * (it dropped mid-transaction) is destroyed, not returned, so the pool opens a fresh one and the
 * failure stays with this one operation.
 */
export async function withPgTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch((rollbackError: Error) => (broken = rollbackError));
    throw error;
  } finally {
    client.release(broken);
  }
}

/** What Prisma's `$transaction(async (tx) => ...)` does, for a pg pool. */
export function transactionRunner(pool: pg.Pool): TransactionOpener<SqlExecutor> {
  return (work) => withPgTransaction(pool, (client) => work(sqlExecutor(client)));
}

import type pg from 'pg';
import { preparedSqlOnPool, withPreparedTransaction, type Sql } from '@crucible/platform';

export type { Sql } from '@crucible/platform';

/**
 * Realtime's hand-written SQL: prepared statements on the pool. Its queries are the hot paths (chat
 * sends and history, notifications on every event, presence, unread counts, the summary pass) and
 * the conditional upserts Prisma cannot write (ON CONFLICT on partial indexes, ... DO UPDATE WHERE).
 */
export function sqlOnPool(pool: pg.Pool): Sql {
  return preparedSqlOnPool(pool, 'realtime');
}

/** Several statements in one transaction, with prepared statements. */
export function withSqlTransaction<T>(pool: pg.Pool, work: (sql: Sql) => Promise<T>): Promise<T> {
  return withPreparedTransaction(pool, 'realtime', (sql) => work(sql));
}

import type pg from 'pg';
import {
  BadRequestError,
  preparedSqlOnPool,
  withPreparedTransaction,
  type Sql,
  type SqlExecutor,
} from '@crucible/platform';
import { DM_MESSAGES, decodeKeysetCursor, encodeKeysetCursor, type KeysetCursor } from '@crucible/proto';

export { isoSql, type Sql } from '@crucible/platform';

/** The hot read paths: prepared statements on the pool (the query texts are few and fixed). */
export function sqlOnPool(pool: pg.Pool): Sql {
  return preparedSqlOnPool(pool, 'dm');
}

/**
 * The hot writes (send, read-all, delete) in one transaction with prepared statements, skipping
 * Prisma's interactive-transaction machinery; `executor` is the connection the outbox writes with.
 */
export function withSqlTransaction<T>(
  pool: pg.Pool,
  work: (sql: Sql, executor: SqlExecutor) => Promise<T>,
): Promise<T> {
  return withPreparedTransaction(pool, 'dm', work);
}

/** A message is live until its sender, its recipient or an admin deletes it. */
export const LIVE = 'NOT m.is_deleted_by_sender AND NOT m.is_deleted_by_recipient AND NOT m.is_deleted_by_admin';

/** Keyset position of the last message of a page (timestamps are stored to the millisecond, so exact). */
export type Cursor = KeysetCursor;

export function encodeCursor(cursor: Cursor): string {
  return encodeKeysetCursor({ at: cursor.at, id: cursor.id });
}

/** Every part checked before it reaches SQL: a forged cursor is the client's mistake (400), not ours. */
export function decodeCursor(text: string | undefined): Cursor | undefined {
  if (text === undefined || text === '') return undefined;
  const cursor = decodeKeysetCursor(text);
  if (!cursor) throw new BadRequestError(DM_MESSAGES.invalidCursor);
  return { at: cursor.at, id: cursor.id.toLowerCase() };
}

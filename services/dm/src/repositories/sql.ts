import { createHash } from 'node:crypto';
import type pg from 'pg';
import { BadRequestError, sqlExecutor, withPgTransaction, type SqlExecutor } from '@crucible/platform';
import { DM_MESSAGES, decodeKeysetCursor, encodeKeysetCursor, type KeysetCursor } from '@crucible/proto';

/** One way to run hand-written SQL, on the pool or inside a Prisma transaction. */
export type Sql = <Row>(text: string, values?: unknown[]) => Promise<Row[]>;

const statementNames = new Map<string, string>();

/** A name per distinct query text: each connection parses and plans it once, then reuses the plan. */
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `dm_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    statementNames.set(text, name);
  }
  return name;
}

/** The hot read paths: prepared statements on the pool (the query texts are few and fixed). */
export function sqlOnPool(pool: pg.Pool): Sql {
  return async <Row>(text: string, values: unknown[] = []) =>
    (await pool.query({ name: statementName(text), text, values })).rows as Row[];
}

/**
 * Runs `work` in one transaction on a pooled connection, with prepared statements: the hot writes
 * (send, read-all, delete) skip Prisma's interactive-transaction machinery. `executor` is the same
 * connection in the shape the platform's outbox writes with.
 */
export function withSqlTransaction<T>(
  pool: pg.Pool,
  work: (sql: Sql, executor: SqlExecutor) => Promise<T>,
): Promise<T> {
  return withPgTransaction(pool, (client) => {
    const sql: Sql = async <Row>(text: string, values: unknown[] = []) =>
      (await client.query({ name: statementName(text), text, values })).rows as Row[];
    return work(sql, sqlExecutor(client));
  });
}

/** A timestamp column as the API shows it, formatted by PostgreSQL (no Date parsed only to print it). */
export function isoSql(column: string): string {
  return `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
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

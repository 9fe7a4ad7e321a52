import type pg from 'pg';
import { BadRequestError, preparedSqlOnPool, type Sql } from '@crucible/platform';
import { FORUM_MESSAGES, decodeKeysetCursor, encodeKeysetCursor, type KeysetCursor } from '@crucible/proto';
import type { Tx } from './db.ts';

export { isoSql, sqlParameters as parameters, type Sql } from '@crucible/platform';

/** The hot read paths: prepared statements on the pool (the query texts are few and fixed). */
export function sqlOnPool(pool: pg.Pool): Sql {
  return preparedSqlOnPool(pool, 'forum');
}

/** The same queries inside a Prisma transaction (unprepared: Prisma owns that connection). */
export function sqlInTransaction(tx: Tx): Sql {
  return <Row>(text: string, values: unknown[] = []) => tx.$queryRawUnsafe<Row[]>(text, ...values);
}

/** A timestamp for the API: as it is when isoSql already formatted it, else from the Date. */
export function iso(value: Date | string): string {
  return typeof value === 'string' ? value : value.toISOString();
}

export function isoOrNull(value: Date | string | null): string | null {
  return value === null ? null : iso(value);
}

/** Keyset cursors: the sort key of the last item of a page, opaque to clients (format and checks in proto). */
export type Cursor = KeysetCursor;

export const encodeCursor = encodeKeysetCursor;

export function decodeCursor(text: string | undefined): Cursor | undefined {
  if (!text) return undefined;
  const cursor = decodeKeysetCursor(text);
  if (!cursor) throw new BadRequestError(FORUM_MESSAGES.invalidCursor);
  return cursor;
}

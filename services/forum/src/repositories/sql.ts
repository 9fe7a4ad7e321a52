import { createHash } from 'node:crypto';
import type pg from 'pg';
import { BadRequestError } from '@crucible/platform';
import { FORUM_MESSAGES, decodeKeysetCursor, encodeKeysetCursor, type KeysetCursor } from '@crucible/proto';
import type { Tx } from './db.ts';

/** One way to run hand-written SQL, on the pool or inside a Prisma transaction. */
export type Sql = <Row>(text: string, values?: unknown[]) => Promise<Row[]>;

const statementNames = new Map<string, string>();

/** A name per distinct query text: each connection parses and plans it once, then reuses the plan. */
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `forum_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    statementNames.set(text, name);
  }
  return name;
}

/** The hot read paths: prepared statements on the pool (the query texts are few and fixed). */
export function sqlOnPool(pool: pg.Pool): Sql {
  return async <Row>(text: string, values: unknown[] = []) =>
    (await pool.query({ name: statementName(text), text, values })).rows as Row[];
}

export function sqlInTransaction(tx: Tx): Sql {
  return <Row>(text: string, values: unknown[] = []) => tx.$queryRawUnsafe<Row[]>(text, ...values);
}

/** Builds a parameter list while a query is assembled: `param(value)` answers its `$n`. */
export function parameters(): { values: unknown[]; param: (value: unknown) => string } {
  const values: unknown[] = [];
  return { values, param: (value) => `$${values.push(value)}` };
}

/**
 * A timestamp column as the API shows it (`2026-01-02T03:04:05.678Z`), formatted by PostgreSQL:
 * the hot reads skip parsing a Date only to print it again.
 */
export function isoSql(column: string): string {
  return `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
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

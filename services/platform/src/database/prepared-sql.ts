import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { SqlExecutor } from '../events/sql.ts';
import { sqlExecutor, withPgTransaction } from './transactions.ts';

/**
 * Hand-written SQL for the measured hot paths (services/README.md: Prisma models for writes and plain
 * reads, this for hot reads and the hottest writes, nothing else): rows of `text` with `$n` `values`.
 */
export type Sql = <Row>(text: string, values?: unknown[]) => Promise<Row[]>;

const statementNames = new Map<string, string>();

/** A name per distinct query text: each connection parses and plans it once, then reuses the plan. */
function statementName(prefix: string, text: string): string {
  const key = `${prefix}\n${text}`;
  let name = statementNames.get(key);
  if (!name) {
    name = `${prefix}_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    statementNames.set(key, name);
  }
  return name;
}

function preparedOn(client: pg.Pool | pg.PoolClient, prefix: string): Sql {
  return async <Row>(text: string, values: unknown[] = []) =>
    (await client.query({ name: statementName(prefix, text), text, values })).rows as Row[];
}

/** Prepared statements on the pool, named after `prefix` (the service) and the query's text. */
export function preparedSqlOnPool(pool: pg.Pool, prefix: string): Sql {
  return preparedOn(pool, prefix);
}

/**
 * Runs `work` in one transaction on a pooled connection (withPgTransaction), with prepared
 * statements; `executor` is the same connection in the shape the outbox writes with.
 */
export function withPreparedTransaction<T>(
  pool: pg.Pool,
  prefix: string,
  work: (sql: Sql, executor: SqlExecutor) => Promise<T>,
): Promise<T> {
  return withPgTransaction(pool, (client) => work(preparedOn(client, prefix), sqlExecutor(client)));
}

/** Builds a parameter list while a query is assembled: `param(value)` answers its `$n`. */
export function sqlParameters(): { values: unknown[]; param: (value: unknown) => string } {
  const values: unknown[] = [];
  return { values, param: (value) => `$${values.push(value)}` };
}

/**
 * A timestamp column as the API shows it (`2026-01-02T03:04:05.678Z`), formatted by PostgreSQL:
 * hot reads skip parsing a Date only to print it again.
 */
export function isoSql(column: string): string {
  return `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

import type pg from 'pg';
import {
  inOutboxTransaction,
  type Emit,
  type Logger,
  type OutboxRelay,
  type RateLimit,
  type ReplicaFiller,
  type SqlExecutor,
} from '@crucible/platform';
import type { UserEventPayload } from '@crucible/proto';
import type { DmConfig } from '../config.ts';
import type { Prisma, PrismaClient } from '../generated/prisma/client.ts';
import { withSqlTransaction, type Sql } from '../repositories/sql.ts';

export const DM_SCHEMA = 'dm';

/** Everything the use cases need, built once by createDmService. */
export interface DmContext {
  config: DmConfig;
  prisma: PrismaClient;
  /** The same pool Prisma uses; the hot read paths are hand-written SQL on it. */
  pool: pg.Pool;
  relay: OutboxRelay;
  logger: Logger;
  /** Fills a missing user replica row by asking auth (user-replica.ts). */
  users: ReplicaFiller<UserEventPayload>;
  /** Sends per member per minute (DM_SENDS_PER_MINUTE), in the shared cache. */
  sendLimit: RateLimit;
}

export type Tx = Prisma.TransactionClient;
export type { Emit };

/** The hot writes' transaction: prepared statements, and the executor the outbox writes with. */
type SqlTx = SqlExecutor & { sql: Sql };

/**
 * A state change and the events it emits, committed together (the platform's outbox transaction),
 * on dm's prepared-statement transaction rather than Prisma's interactive one.
 */
export function inTransaction<T>(ctx: DmContext, work: (sql: Sql, emit: Emit) => Promise<T>): Promise<T> {
  return inOutboxTransaction<SqlTx, T>(
    (run) => withSqlTransaction(ctx.pool, (sql, executor) => run({ ...executor, sql })),
    { schema: DM_SCHEMA, relay: ctx.relay },
    (tx, emit) => work(tx.sql, emit),
  );
}

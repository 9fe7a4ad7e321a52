import type { UserEventPayload } from '@crucible/proto';
import {
  inOutboxTransaction,
  type Emit,
  type EventBus,
  type Logger,
  type OutboxRelay,
  type ReplicaFiller,
  type Sql,
} from '@crucible/platform';
import type { AdminConfig } from '../config.ts';
import type { Prisma, PrismaClient } from '../generated/prisma/client.ts';

export const ADMIN_SCHEMA = 'admin';

/** Everything the use cases need, built once by createAdminService. */
export interface AdminContext {
  config: AdminConfig;
  prisma: PrismaClient;
  /** Prepared statements on Prisma's pool, for the reads Prisma's models cannot express (the review queue's page). */
  sql: Sql;
  relay: OutboxRelay;
  bus: EventBus;
  logger: Logger;
  /** Asks auth for a member the names replica lacks. */
  users: ReplicaFiller<UserEventPayload>;
}

export type Tx = Prisma.TransactionClient;
export type { Emit };

/** A state change and the events it emits, committed together (the platform's outbox transaction). */
export function inTransaction<T>(ctx: AdminContext, work: (tx: Tx, emit: Emit) => Promise<T>): Promise<T> {
  return inOutboxTransaction<Tx, T>(
    (run) => ctx.prisma.$transaction(run),
    { schema: ADMIN_SCHEMA, relay: ctx.relay },
    work,
  );
}
